#!/usr/bin/env python3
"""Writes day-in-the-life.scn: a day of a commute-logging app (see the
scenario's header comment). The fix lines are generated here: the commutes
follow the straight line between HOME and WORK, the lunch walk goes north
from WORK. Run it from this folder: python3 day-in-the-life.py"""

HOME = (35.646600, 139.653000)   # home region: radius 150 m
WORK = (35.681200, 139.767100)   # work region: radius 200 m
PATH_M = 11002.45                # haversine HOME–WORK in meters
M_PER_DEG_LAT = 111194.93        # R·π/180 with R = 6,371,008.8 m


def hms(t):
    t = round(t)
    return "%02d:%02d:%02d" % (t // 3600, t // 60 % 60, t % 60)


def along(a, b, s):
    """The point s meters from a on the straight line a→b (linear in degrees)."""
    f = min(1.0, s / PATH_M)
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


def fix(t, p, acc):
    return "%s  fix %.6f %.6f %d" % (hms(t), p[0], p[1], acc)


def morning_fixes(start):
    """Every second from HOME to WORK: walk 300 m at 1.4 m/s, train at 12 m/s,
    walk the last 300 m at 1.4 m/s."""
    out, t, s = [], start, 0.0
    while True:
        walking = s < 300 or s > PATH_M - 300
        out.append((t, fix(t, along(HOME, WORK, s), 8 if walking else 15)))
        if s >= PATH_M:
            return out
        s = min(PATH_M, s + (1.4 if walking else 12.0))
        t += 1


def lunch_fixes(start):
    """Every 10 s: 450 m north of WORK at 1.4 m/s, 40 min there, back."""
    out, t = [], start
    for i in range(33):
        out.append((t, fix(t, (WORK[0] + 14 * i / M_PER_DEG_LAT, WORK[1]), 10)))
        t += 10
    t += 2400
    for i in range(32, -1, -1):
        out.append((t, fix(t, (WORK[0] + 14 * i / M_PER_DEG_LAT, WORK[1]), 10)))
        t += 10
    return out


def evening_fixes(start):
    """Every 30 s from WORK to HOME at 8 m/s (240 m a fix), then two at home."""
    out, t, s = [], start, 0.0
    while s < PATH_M:
        out.append((t, fix(t, along(WORK, HOME, s), 20)))
        s, t = s + 240, t + 30
    for _ in range(3):
        out.append((t, fix(t, HOME, 20)))
        t += 30
    return out


def main():
    events = []  # (time, order, text): fixes first at an equal time (order 0)

    def at(t, text, order=1):
        events.append((t, order, text))

    for t, line in morning_fixes(7 * 3600 + 50 * 60):
        events.append((t, 0, line))
    for t, line in lunch_fixes(12 * 3600 + 10 * 60):
        events.append((t, 0, line))
    for t, line in evening_fixes(18 * 3600 + 5 * 60):
        events.append((t, 0, line))

    # The app's reactions that depend on where the derived crossings happen:
    # found by the same rule locsim applies (beyond the margin, 20 s dwell).
    exit_home = crossing_time(HOME, 150, "outside", 7 * 3600 + 50 * 60, 8 * 3600)
    enter_work = crossing_time(WORK, 200, "inside", 8 * 3600, 9 * 3600)
    at(exit_home, "# Home is left (derived from the fixes): the woken app starts tracking.")
    at(exit_home, "%s  app startUpdatingLocation" % hms(exit_home))
    at(enter_work, "# Work is reached: the app stops tracking.")
    at(enter_work, "%s  app stopUpdatingLocation" % hms(enter_work))

    for i, (t, text) in enumerate(SCRIPT):
        h, m, s = (int(x) for x in t.split(":"))
        # A comment that opens a phase goes before that second's fix.
        phase = text.startswith("#") and (i + 1 == len(SCRIPT) or SCRIPT[i + 1][0] != t)
        at(h * 3600 + m * 60 + s, text if text.startswith("#") else "%s  %s" % (t, text), -1 if phase else 1)

    events.sort(key=lambda e: (e[0], e[1]))
    with open("day-in-the-life.scn", "w") as f:
        f.write(HEADER)
        for _, _, text in events:
            f.write(text + "\n")


def crossing_time(center, radius, side, start, end):
    """The time of the fix completing a 20 s dwell beyond the 50 m margin."""
    import math
    fixes = [(t, l) for t, l in morning_fixes(7 * 3600 + 50 * 60) if start <= t < end]
    since = None
    for t, line in fixes:
        lat, lon = (float(x) for x in line.split()[2:4])
        d = haversine((lat, lon), center)
        now = "inside" if d <= radius - 50 else ("outside" if d >= radius + 50 else None)
        if now == side:
            since = t if since is None else since
            if t - since >= 20:
                return t
        else:
            since = None
    raise SystemExit("no crossing")


def haversine(a, b):
    import math
    r = 6371008.8
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(min(1, math.sqrt(h)))


SCRIPT = [
    ("07:00:00", "# 07:00 — first launch at home: When In Use, then Always."),
    ("07:00:00", "launch"),
    ("07:00:01", "app requestWhenInUseAuthorization"),
    ("07:00:03", "user allowWhileUsing"),
    ("07:00:04", "app requestAlwaysAuthorization"),
    ("07:00:06", "user changeToAlways"),
    ("07:00:10", "fix %.6f %.6f 10" % HOME),
    ("07:00:12", "# The last fix is at home: home starts inside, work outside."),
    ("07:00:12", "app startMonitoring home %.6f %.6f 150" % HOME),
    ("07:00:12", "app startMonitoring work %.6f %.6f 200" % WORK),
    ("07:00:13", "# Significant changes start with the last known fix; visits with nothing."),
    ("07:00:13", "app startMonitoringSignificantLocationChanges"),
    ("07:00:13", "app startMonitoringVisits"),
    ("07:00:14", "app set allowsBackgroundLocationUpdates true"),
    ("07:00:14", "app set showsBackgroundLocationIndicator true"),
    ("07:00:30", "# Standard updates are not running: grace, then suspended at 07:00:35."),
    ("07:00:30", "background"),
    ("07:50:00", "# 07:50 — the morning commute, a fix every second: on foot, by train, on foot."),
    ("07:55:00", "# The departure from home (arrived before monitoring: distantPast)."),
    ("07:55:00", "visit depart %.6f %.6f 30" % HOME),
    ("08:00:00", "# On the train the user opens the app for three minutes."),
    ("08:00:00", "foreground"),
    ("08:03:00", "background"),
    ("08:30:00", "# The arrival at work is noticed: the visit wakes the app."),
    ("08:30:00", "visit arrive %.6f %.6f 30" % WORK),
    ("12:00:00", "# Noon: a look at the morning's route."),
    ("12:00:00", "foreground"),
    ("12:01:00", "background"),
    ("12:10:00", "# Lunch 450 m north of the office, a fix every 10 s."),
    ("14:00:00", "# Memory pressure: the system ends the suspended app. Monitoring persists."),
    ("14:00:00", "system terminate"),
    ("18:00:00", "# Leaving work: the departure relaunches the app (arrival 08:30 is known)."),
    ("18:00:00", "visit depart %.6f %.6f 30" % WORK),
    ("18:05:00", "# 18:05 — the evening commute, a fix every 30 s, no standard updates."),
    ("19:00:00", "visit arrive %.6f %.6f 30" % HOME),
    ("21:00:00", "# Evening: the user looks at the day."),
    ("21:00:00", "foreground"),
    ("21:05:00", "background"),
    ("23:00:00", "system terminate"),
]

HEADER = """\
# A day in the life of a commute-logging app on iOS 14.0 (Always), written by
# day-in-the-life.py. Times are times of day; the log prints seconds since
# midnight (07:00:00 = 25200). Home (150 m) and work (200 m) are monitored
# regions 11.0 km apart; `deriveCrossings` makes leaving home, reaching work
# and the lunch trip's crossings come from the fixes (50 m margin, 20 s
# dwell). What the rules deliver in each phase:
#  07:00     setup in the foreground; suspended at 07:00:35 (grace over, no
#            session: standard updates are not running yet).
#  07:50     walking, a fix a second: no service receives them (no updates
#            started, app suspended) — only the crossing logic and
#            significant-change monitoring see them.
#  07:52:43  home is left (first fix ≥ 200 m out at 07:52:23, 20 s dwell): the
#            crossing wakes the app, which starts standard updates; the
#            `location` mode and allowsBackgroundLocationUpdates give it a
#            session (in use, running) and the indicator it asked for. From
#            07:52:44 every fix is delivered; the significant changes among
#            them (07:53:52, 07:58:52, …) are not delivered twice.
#  08:00     the app in the foreground: indicator off; 08:03 back: on.
#  08:10:08  work is reached (the app runs: no wake); it stops the updates:
#            the session and in use end; the crossing gave it a 10 s wake
#            window, so it is suspended at 08:10:18.
#  08:30     the visit arrival wakes it; 12:00 a look in the foreground; lunch
#            450 m north: the exit (12:13:20), a significant change (12:14:30,
#            505 m from the last one) and the re-entry (12:59:30) wake it.
#  14:00     the system ends it. 18:00 the visit departure relaunches it
#            (reason=visit; the 08:30 arrival is known), and the app
#            restarts significant-change monitoring as Apple asks of a
#            relaunched app (its `on relaunch` line; rules.md §8, "Relaunch").
#  18:05     commute home, a fix every 30 s and no standard updates: the
#            significant changes (every 300 s) and the crossings wake it one
#            by one, 10 s each; work is left at 18:06:20 and home entered at
#            18:28:20, when the 20 s dwell begun by a fix ends (a timer).
#  19:00     the visit arrival; 21:00 a last look; 23:00 the system ends it.
#
# Rules: docs/rules.md §2 (suspension, wake, wakeWindow, background launch with its
# reason, system termination), §3 (the session, in use, the indicator of an
# Always app with showsBackgroundLocationIndicator), §4 (iOS 13.4+ upgrade
# prompt), §8 (Always delivery; significant change at start and thresholds;
# regions from the last fix; derived crossings; visits), §9. Sources: Apple, background execution,
# Apple, region monitoring–Apple, showsBackgroundLocationIndicator.
# Choices (see slc-thresholds.scn, region-derived-crossings.scn): a fix
# already delivered by standard updates is not delivered again as a
# significant change; an event for a running background app extends its run
# to wakeWindow after the event.
locsim 1
platform iOS 14.0
plist NSLocationWhenInUseUsageDescription "Shows your commute."
plist NSLocationAlwaysAndWhenInUseUsageDescription "Logs your commute automatically, even when the app is closed."
plist UIBackgroundModes location
set deriveCrossings true
# "Upon relaunch, you must still configure a location manager object and
# call this method to continue receiving location events."
on relaunch app startMonitoringSignificantLocationChanges

"""

if __name__ == "__main__":
    main()
