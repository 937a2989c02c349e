#!/usr/bin/python3
"""Scores the assessor on corpora it was not written with (aggregates only).

    tools/score_external.py [--binary build/bin/mai-sandbox] [--show-misses]
                            [--guarddog DIR] [--bandit DIR] [--real DIR...]

--guarddog: a checkout of DataDog/guarddog. Its tests/analyzer/sourcecode/*.py
  hold snippets marked `# ruleid: RULE` (malicious) or `# ok: RULE` (not);
  each marker's snippet (the lines since the previous snippet, up to the end
  of the statement after the marker) becomes one file, labelled BLOCKED or
  LOW; files without markers count whole (benign/ LOW, the rest BLOCKED).
--bandit: a checkout of PyCQA/bandit; examples/*.py are insecure practices,
  MEDIUM by the rubric (a few HIGH: the scores say how many were rated so).
--real: directories of real, non-malicious code; counts files rated BLOCKED.

The snippets are written to a temporary directory and read by the assessor,
never executed. Prints the evaluate.py figures per corpus.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EVALUATE = os.path.join(HERE, "..", "bench", "assess", "evaluate.py")
MARK = re.compile(r"^\s*#\s*(ruleid|ok)\s*:")


def statement_end(lines, start):
    """Index after the statement beginning at or after `start` (brackets,
    continuation lines and indented blocks included)."""
    i = start
    while i < len(lines) and (not lines[i].strip() or lines[i].lstrip().startswith("#")):
        i += 1
    if i >= len(lines):
        return i
    indent = len(lines[i]) - len(lines[i].lstrip())
    depth = 0
    while i < len(lines):
        line = lines[i]
        code = line.split("#")[0]
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
        i += 1
        if depth > 0 or code.rstrip().endswith("\\") or code.rstrip().endswith(":"):
            continue
        # an indented block belongs to the statement that opened it
        while i < len(lines) and (not lines[i].strip() or
                                  len(lines[i]) - len(lines[i].lstrip()) > indent):
            if not lines[i].strip() and (i + 1 >= len(lines) or
                                          len(lines[i + 1]) - len(lines[i + 1].lstrip()) <= indent):
                break
            i += 1
        return i
    return i


def guarddog_samples(root):
    src = os.path.join(root, "tests", "analyzer", "sourcecode")
    out = []
    for dirpath, _, names in os.walk(src):
        for n in sorted(names):
            if not n.endswith(".py") or n.startswith("test_"):
                continue
            path = os.path.join(dirpath, n)
            with open(path, encoding="utf-8", errors="replace") as f:
                lines = f.read().splitlines()
            benign_dir = os.path.basename(dirpath) == "benign"
            marks = [i for i, l in enumerate(lines) if MARK.match(l)]
            if not marks:
                out.append((n, "LOW" if benign_dir else "BLOCKED", "\n".join(lines)))
                continue
            prev = 0
            for k, m in enumerate(marks):
                kind = MARK.match(lines[m]).group(1)
                end = max(statement_end(lines, m + 1), m + 1)
                if k + 1 < len(marks):
                    end = min(end, marks[k + 1])
                chunk = "\n".join(lines[prev:end])
                label = "BLOCKED" if kind == "ruleid" and not benign_dir else "LOW"
                out.append((f"{n[:-3]}_{k:03d}.py", label, chunk))
                prev = end
    return out


def bandit_samples(root):
    ex = os.path.join(root, "examples")
    out = []
    for n in sorted(os.listdir(ex)):
        if n.endswith(".py"):
            with open(os.path.join(ex, n), encoding="utf-8", errors="replace") as f:
                out.append((n, "MEDIUM", f.read()))
    return out


def write_corpus(base, samples):
    for name, label, text in samples:
        d = os.path.join(base, label.lower())
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(HERE, "..", "build", "bin", "mai-sandbox"))
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("--guarddog")
    ap.add_argument("--bandit")
    ap.add_argument("--real", nargs="*", default=[])
    ap.add_argument("--keep", help="write the extracted corpora here instead of a temporary directory")
    a = ap.parse_args()
    base = a.keep or tempfile.mkdtemp(prefix="mai-score-")
    dirs = []
    if a.guarddog:
        write_corpus(os.path.join(base, "guarddog"), guarddog_samples(a.guarddog))
        dirs.append(os.path.join(base, "guarddog"))
    if a.bandit:
        write_corpus(os.path.join(base, "bandit"), bandit_samples(a.bandit))
        dirs.append(os.path.join(base, "bandit"))
    if dirs:
        cmd = [sys.executable, EVALUATE, "--binary", a.binary] + (["--show-misses"] if a.show_misses else []) + dirs
        subprocess.run(cmd, check=False)
    for d in a.real:
        res = subprocess.run([a.binary, "assess", "--json", "--jobs", "2", d], capture_output=True, text=True)
        import json
        counts, blocked = {}, []
        for line in res.stdout.splitlines():
            obj = json.loads(line)
            if "file" in obj:
                lvl = obj.get("level", "ERROR")
                counts[lvl] = counts.get(lvl, 0) + 1
                if lvl == "BLOCKED":
                    blocked.append(obj["file"])
        print(f"== real code {d}: {sum(counts.values())} files, " +
              ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        for b in blocked if a.show_misses else []:
            print("  BLOCKED:", b)


if __name__ == "__main__":
    main()
