# Sourced by bench/run.sh and bench/jobs.sh (run from the repository root).
#
# copy_scenarios N DEST: N scenarios of Scenarios/ with their goldens, taken
# in order and again from the start until there are N, each round in its own
# folder; folder names are kept, as an `errors` folder holds error goldens.
copy_scenarios() {
  local n=$1 dest=$2 k=0 f
  mapfile -t all < <(cd Scenarios && find . -name '*.scn' | LC_ALL=C sort)
  while [ "$k" -lt "$n" ]; do
    for f in "${all[@]}"; do
      [ "$k" -ge "$n" ] && break
      local dir="$dest/round$((k / ${#all[@]}))/$(dirname "$f")"
      mkdir -p "$dir"
      cp "Scenarios/$f" "$dir/"
      for golden in "Scenarios/${f%.scn}.log" "Scenarios/${f%.scn}.err"; do
        if [ -f "$golden" ]; then cp "$golden" "$dir/"; fi
      done
      k=$((k + 1))
    done
  done
}
