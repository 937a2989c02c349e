#!/usr/bin/env bash
# wordcount_report.sh - word and character counts for a quote.
#
# Counts the words of every source file in a project folder (plain text,
# .docx and .xlf), applies the agency's repetition discount estimate and
# writes a CSV report the PM can paste into the quote.
set -euo pipefail

PROJECT_DIR="${1:-./source}"
REPORT_DIR="./reports"
RATE="${RATE_PER_WORD:-0.12}"
CURRENCY="${CURRENCY:-EUR}"

log() { printf '[wordcount] %s\n' "$*" >&2; }

if [[ ! -d "$PROJECT_DIR" ]]; then
    log "project folder $PROJECT_DIR not found"
    exit 1
fi
mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/$(basename "$(realpath "$PROJECT_DIR")")_$(date +%Y%m%d).csv"

# list of files, handed to python through the environment
FILE_LIST="$(find "$PROJECT_DIR" -type f \( -name '*.txt' -o -name '*.docx' -o -name '*.xlf' \) | sort)"
if [[ -z "$FILE_LIST" ]]; then
    log "no countable files in $PROJECT_DIR"
    exit 1
fi
log "$(wc -l <<<"$FILE_LIST") file(s) found"

export RATE CURRENCY FILE_LIST
python3 - "$REPORT" <<'PY'
import csv
import os
import re
import sys
import zipfile

WORD_RE = re.compile(r"\w+(?:[-']\w+)*", re.UNICODE)
rate = float(os.environ["RATE"])
currency = os.environ["CURRENCY"]
report_path = sys.argv[1]


TAG_RE = re.compile(r"<[^>]+>")
DOCX_T_RE = re.compile(r"<w:t(?:\s[^>]*)?>(.*?)</w:t>", re.S)
XLF_SRC_RE = re.compile(r"<source(?:\s[^>]*)?>(.*?)</source>", re.S)


def text_of(path):
    # tags are stripped with regular expressions, no XML parser needed
    if path.endswith(".docx"):
        with zipfile.ZipFile(path) as z:
            xml = z.read("word/document.xml").decode("utf-8", "replace")
        return " ".join(DOCX_T_RE.findall(xml))
    with open(path, encoding="utf-8", errors="replace") as fh:
        data = fh.read()
    if path.endswith(".xlf"):
        return " ".join(TAG_RE.sub("", s) for s in XLF_SRC_RE.findall(data))
    return data


rows, total_words, seen = [], 0, set()
for line in os.environ["FILE_LIST"].splitlines():
    path = line.strip()
    if not path:
        continue
    try:
        text = text_of(path)
    except (OSError, zipfile.BadZipFile, KeyError) as exc:
        print(f"skipping {path}: {exc}", file=sys.stderr)
        continue
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]
    repeated = sum(len(WORD_RE.findall(s)) for s in sentences if s in seen or seen.add(s))
    words = len(WORD_RE.findall(text))
    total_words += words
    billable = words - repeated * 0.7
    rows.append([path, words, len(text), repeated, f"{billable * rate:.2f}"])

with open(report_path, "w", newline="", encoding="utf-8") as fh:
    w = csv.writer(fh)
    w.writerow(["file", "words", "characters", "repeated_words", f"price_{currency}"])
    w.writerows(rows)
    w.writerow(["TOTAL", total_words, "", "", f"{sum(float(r[4]) for r in rows):.2f}"])
print(total_words)
PY

log "report written to $REPORT"
column -s, -t < "$REPORT" | tail -n 5
