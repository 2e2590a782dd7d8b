# Sourced by bench/explore.sh and tests/cli.sh: the synthetic explore flow.
# launches N: N launches, each asking again after Allow Once (the
# flow of bench/explore.sh sections 2 and 4 and of tests/cli.sh's shards;
# Settings may change after every other launch).
launches() {
  echo 'locsim 1'
  echo 'platform iOS 14.0'
  echo 'plist NSLocationWhenInUseUsageDescription "Why"'
  echo 'plist NSLocationAlwaysAndWhenInUseUsageDescription "Why always"'
  for k in $(seq 0 $(($1 - 1))); do
    t=$((k * 100))
    echo "$t launch"
    echo "$((t + 1)) app requestWhenInUseAuthorization"
    echo "$((t + 2)) app startUpdatingLocation"
    echo "$((t + 3)) fix 35.0 139.7 5"
    echo "$((t + 50)) terminate"
    if [ $((k % 2)) -eq 1 ]; then echo "$((t + 60)) user settings any"; fi
  done
}
