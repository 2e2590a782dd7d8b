#!/usr/bin/env python3
"""Checks every fenced code block of README.md, docs/*.md and the two DocC guides (issue 42 item 8).

  tests/docs.py [--update] <locsim binary>

A block is checked by what it is:

- `$ command` lines, each followed by the output it claims (possibly none):
  the command is run by bash in a scratch copy of the repository's
  Scenarios/ (with `locsim` the binary given) and its standard output and
  error must be those lines, byte for byte;
- a scenario (its first line other than comments `locsim 1`), or lines of
  one marked `<!-- docs: scenario lines -->` (`locsim 1` is put before
  them): replayed with `locsim run`, which must not stop with an error
  (status 2);
- a block marked `<!-- docs: output of <command> -->`: the command's
  standard output and error, byte for byte; `<!-- docs: excerpt of
  <command> -->`: lines that come, one after the other, in that output (a
  line `…` stands for any lines);
- a Swift block marked `<!-- docs: compiled Examples/Tests/DocBlocks/X.swift -->`:
  the file must hold the block exactly (`--update` writes it), and
  `make test` compiles and runs it in the Examples package;
- a Swift block (or lines of a manifest) marked `<!-- docs: part of
  <file> -->`, `<file>` in Examples/, Sources/ or Tests/, which `make test`
  compiles: its lines come one after the other in that file, each compared
  without its indentation (a line `…` stands for any lines) — a fragment
  shown in the docs is code that compiles in its context.

Any other block must say why it is not checked, with a comment on the line
before it: `<!-- docs: not checked: <why> -->` (an excerpt, a CI file, a
fragment of a larger file). A block with neither fails. The last line says
how many blocks were checked and how many were not.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = re.compile(r"^( *)```(\S*)\s*$")
MARK = re.compile(r"^ *<!-- docs: (.*?) -->\s*$")


def blocks(path):
    """(start line, indent, language, marker, lines) of each fenced block."""
    with open(path, encoding="utf-8") as f:
        text = f.read().split("\n")
    i = 0
    while i < len(text):
        m = FENCE.match(text[i])
        if not m:
            i += 1
            continue
        indent, lang = m.group(1), m.group(2)
        start = i + 1
        j = start
        while j < len(text) and text[j] != indent + "```" and text[j].rstrip() != indent + "```":
            j += 1
        body = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in text[start:j]]
        k = i - 1
        while k >= 0 and text[k].strip() == "":
            k -= 1
        marker = MARK.match(text[k]).group(1) if k >= 0 and MARK.match(text[k]) else None
        yield start, lang, marker, body
        i = j + 1


def run_commands(locsim, scratch, body):
    """Runs each `$ ` line; the differences from the block's output, if any."""
    problems = []
    groups = []
    for line in body:
        if line.startswith("$ "):
            groups.append((line[2:], []))
        elif groups:
            groups[-1][1].append(line)
    for command, expected in groups:
        want = list(expected)
        while want and want[-1] == "":
            want.pop()
        got = run(locsim, scratch, command)
        if got != want:
            problems.append(first_difference(command, want, got))
    return problems


def run(locsim, scratch, command):
    """The lines `command` prints (standard output and error), run by bash in `scratch`."""
    env = dict(os.environ, PATH=os.path.dirname(locsim) + os.pathsep + os.environ.get("PATH", ""))
    result = subprocess.run(
        ["bash", "-c", command], cwd=scratch, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60
    )
    lines = result.stdout.decode("utf-8", "replace").rstrip("\n").split("\n")
    return [] if lines == [""] else lines


def excerpt_in(lines, got):
    """Whether `lines` come one after the other in `got` (`…` matches any lines)."""
    def match(i, j):
        if i == len(lines):
            return True
        if lines[i].strip() == "…":
            return any(match(i + 1, k) for k in range(j, len(got) + 1))
        return j < len(got) and got[j] == lines[i] and match(i + 1, j + 1)
    return any(match(0, start) for start in range(len(got)))


def first_difference(command, want, got):
    for n in range(max(len(got), len(want))):
        g = got[n] if n < len(got) else "<none>"
        w = want[n] if n < len(want) else "<none>"
        if g != w:
            return f"    $ {command}\n    line {n + 1}: the doc says: {w}\n    line {n + 1}: locsim prints: {g}"
    return ""


def replay(locsim, scratch, text):
    """The error of a scenario that does not replay (status 2), or None."""
    scn = os.path.join(scratch, "block.scn")
    with open(scn, "w", encoding="utf-8") as f:
        f.write(text)
    result = subprocess.run([locsim, "run", scn], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode != 2:
        return None
    return result.stderr.decode("utf-8", "replace").strip().replace(scn, "<block>")


def is_scenario(body):
    for line in body:
        if line.strip() and not line.lstrip().startswith("#"):
            return line.strip() == "locsim 1"
    return False


def main():
    args = sys.argv[1:]
    update = "--update" in args
    args = [a for a in args if a != "--update"]
    if len(args) != 1:
        sys.exit("usage: tests/docs.py [--update] <locsim binary>")
    locsim = os.path.abspath(args[0])
    files = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(ROOT, "docs")) if f.endswith(".md"))
    # the two guides are DocC articles; docs/ keeps pointers to them
    files += ["Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md",
              "Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md"]
    scratch = tempfile.mkdtemp(prefix="locsim-docs.")
    try:
        shutil.copytree(os.path.join(ROOT, "Scenarios"), os.path.join(scratch, "Scenarios"), symlinks=True)
        # Read only: for excerpts of the Examples package's files.
        os.symlink(os.path.join(ROOT, "Examples"), os.path.join(scratch, "Examples"))
        counts = {"commands": 0, "scenarios": 0, "swift": 0, "not checked": 0}
        failures = []
        compiled = set()
        for name in files:
            for line, lang, marker, body in blocks(os.path.join(ROOT, name)):
                where = f"{name}:{line}"
                if marker and marker.startswith("not checked:"):
                    counts["not checked"] += 1
                elif marker and marker.startswith("compiled "):
                    target = marker[len("compiled "):].strip()
                    compiled.add(target)
                    path = os.path.join(ROOT, target)
                    text = "\n".join(body) + "\n"
                    header = f"// Extracted from {name} by tests/docs.py --update: edit the doc, not this file.\n"
                    old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
                    if old != header + text:
                        if update:
                            os.makedirs(os.path.dirname(path), exist_ok=True)
                            with open(path, "w", encoding="utf-8") as f:
                                f.write(header + text)
                        else:
                            failures.append(f"{where}: {target} is not this block (tests/docs.py --update writes it)")
                    counts["swift"] += 1
                elif marker and marker.startswith("part of "):
                    target = marker[len("part of "):].strip()
                    compiled.add(target)
                    path = os.path.join(ROOT, target)
                    if not target.startswith(("Examples/", "Sources/", "Tests/")) or not os.path.isfile(path):
                        failures.append(f"{where}: {target} is not a file make test compiles")
                    else:
                        with open(path, encoding="utf-8") as f:
                            held = [line.strip() for line in f.read().split("\n")]
                        if not excerpt_in([line.strip() for line in body], held):
                            failures.append(f"{where}: these lines do not come one after the other in {target}")
                    counts["swift"] += 1
                elif marker and marker.startswith("output of "):
                    command = marker[len("output of "):]
                    want = list(body)
                    got = run(locsim, scratch, command)
                    if got != want:
                        failures.append(f"{where}: the output differs\n" + first_difference(command, want, got))
                    counts["commands"] += 1
                elif marker and marker.startswith("excerpt of "):
                    command = marker[len("excerpt of "):]
                    got = run(locsim, scratch, command)
                    if not excerpt_in(body, got):
                        shown = "\n".join("    | " + line for line in got[:40])
                        failures.append(f"{where}: these lines are not in the output of {command}:\n{shown}")
                    counts["commands"] += 1
                elif marker == "scenario lines":
                    error = replay(locsim, scratch, "locsim 1\n" + "\n".join(body) + "\n")
                    if error:
                        failures.append(f"{where}: the lines do not replay: {error}")
                    counts["scenarios"] += 1
                elif marker:
                    failures.append(f"{where}: unknown marker '<!-- docs: {marker} -->'")
                elif body and body[0].startswith("$ "):
                    problems = run_commands(locsim, scratch, body)
                    failures += [f"{where}: the output differs\n{p}" for p in problems]
                    counts["commands"] += 1
                elif is_scenario(body):
                    error = replay(locsim, scratch, "\n".join(body) + "\n")
                    if error:
                        failures.append(f"{where}: the scenario does not replay: {error}")
                    counts["scenarios"] += 1
                else:
                    failures.append(
                        f"{where}: a ```{lang} block neither checked nor marked '<!-- docs: not checked: <why> -->'"
                    )
        folder = os.path.join(ROOT, "Examples/Tests/DocBlockTests")
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if "Examples/Tests/DocBlockTests/" + name not in compiled:
                failures.append(f"Examples/Tests/DocBlockTests/{name}: no block of docs/ is compiled as it (remove it)")
        for failure in failures:
            print(failure)
        checked = counts["commands"] + counts["scenarios"] + counts["swift"]
        print(
            f"docs: {checked + counts['not checked']} code blocks: {checked} checked ({counts['commands']} of commands"
            f" run and their output compared, {counts['scenarios']} scenarios replayed, {counts['swift']} Swift"
            f" compiled in Examples/), {counts['not checked']} marked not checked; {len(failures)} failed"
        )
        sys.exit(1 if failures else 0)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
