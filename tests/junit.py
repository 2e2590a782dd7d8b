#!/usr/bin/env python3
"""Checks JUnit reports of `locsim check --junit` and `explore --junit`.

Usage: tests/junit.py REPORT.xml...

Each file is parsed with Python's standard XML parser (xml.etree), its
counts are checked to add up (a suite's tests, failures and skipped are
its testcases'; the root's are its suites'), and it is validated against
docs/junit.xsd with the `xmlschema` package when it is installed
(`pip install xmlschema`; .ci/run installs it). Without it, the schema
check is skipped and says so on its own line; the rest still runs.
Exit status 0 when every file passes, 1 otherwise.
"""
import os
import sys
import xml.etree.ElementTree as ET

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "junit.xsd")


def counts(cases):
    failures = sum(1 for c in cases if c.find("failure") is not None)
    skipped = sum(1 for c in cases if c.find("skipped") is not None)
    return len(cases), failures, skipped


def check_counts(path, root):
    problems = []
    if root.tag != "testsuites":
        return [f"{path}: the root is <{root.tag}>, not <testsuites>"]
    total = [0, 0, 0]
    for suite in root.findall("testsuite"):
        got = counts(suite.findall("testcase"))
        said = tuple(int(suite.get(k, "0")) for k in ("tests", "failures", "skipped"))
        if got != said:
            problems.append(f"{path}: suite {suite.get('name')!r} says {said}, holds {got}")
        total = [a + b for a, b in zip(total, got)]
    said = [int(root.get(k, "0")) for k in ("tests", "failures", "skipped")]
    if said != total:
        problems.append(f"{path}: <testsuites> says {said}, its suites hold {total}")
    return problems


def main(paths):
    try:
        import xmlschema
        schema = xmlschema.XMLSchema(SCHEMA)
    except ImportError:
        schema = None
        print("junit.py: schema check skipped: the Python package xmlschema is not installed (pip install xmlschema)")
    problems = []
    for path in paths:
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError as error:
            problems.append(f"{path}: not well-formed XML: {error}")
            continue
        problems += check_counts(path, root)
        if schema is not None:
            problems += [f"{path}: {e.reason} at {e.path}" for e in schema.iter_errors(path)]
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
