#!/usr/bin/env python3
"""Weekly repository digest: commit counts, churn and largest files.

The shell part is rendered from a template so that the same snippet can be
pasted into CI jobs; it is written out and executed with /bin/sh.
"""
import argparse
import datetime as dt
import logging
import os
import string
import sys

LOG = logging.getLogger("digest")
SCRIPT_PATH = "/tmp/repo_digest_job.sh"

TEMPLATE = string.Template("""\
#!/bin/sh
cd "$repo" || exit 3
echo "== commits since $since =="
git log --since="$since" --pretty=format:'%an' | sort | uniq -c | sort -rn | head -n $top
echo
echo "== churn =="
git log --since="$since" --numstat --pretty=format: | awk '{a+=$$1; d+=$$2} END {print a" added, "d" deleted"}'
echo "== largest tracked files =="
git ls-files -z | xargs -0 du -k 2>/dev/null | sort -rn | head -n $top
""")


def render(repo, since, top):
    return TEMPLATE.substitute(repo=repo, since=since, top=int(top))


def run_script(body):
    with open(SCRIPT_PATH, "w") as fh:
        fh.write(body)
    os.chmod(SCRIPT_PATH, 0o700)
    pipe = os.popen("sh " + SCRIPT_PATH)
    output = pipe.read()
    status = pipe.close()
    return output, (status or 0) >> 8


def parse_sections(text):
    sections, current = {}, None
    for line in text.splitlines():
        if line.startswith("== ") and line.endswith(" =="):
            current = line.strip("= ").strip()
            sections[current] = []
        elif current and line.strip():
            sections[current].append(line.strip())
    return sections


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("repo", nargs="?", default=".")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    since = (dt.date.today() - dt.timedelta(days=args.days)).isoformat()
    output, code = run_script(render(os.path.abspath(args.repo), since, args.top))
    if code:
        LOG.error("digest script failed with %d", code)
        return code

    for title, rows in parse_sections(output).items():
        if args.markdown:
            print(f"### {title}\n")
            print("\n".join(f"- `{r}`" for r in rows) + "\n")
        else:
            print(title.upper())
            print("\n".join("   " + r for r in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
