#!/usr/bin/env bash
# Split a PDF into separate files, either one file per page or by page ranges.
#
# Usage:
#   ./split_pdf.sh report.pdf                 # one file per page
#   ./split_pdf.sh report.pdf 1-3 4-10 11-z   # custom ranges
# Output goes to ./<name>_split/. Installs qpdf if it is missing.

set -euo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 FILE.pdf [RANGE...]" >&2
    exit 1
fi

INPUT="$1"
shift
if [ ! -f "$INPUT" ]; then
    echo "file not found: $INPUT" >&2
    exit 1
fi

ensure_qpdf() {
    if command -v qpdf >/dev/null 2>&1; then
        return
    fi
    echo "qpdf not found, installing it..."
    if command -v apt-get >/dev/null 2>&1; then
        sudo apt-get update -qq
        sudo apt-get install -y qpdf
    elif command -v dnf >/dev/null 2>&1; then
        sudo dnf install -y qpdf
    elif command -v pacman >/dev/null 2>&1; then
        sudo pacman -S --noconfirm qpdf
    else
        echo "please install qpdf manually" >&2
        exit 1
    fi
}

ensure_qpdf

name="$(basename "${INPUT%.*}")"
OUTDIR="${name}_split"
mkdir -p "$OUTDIR"

pages=$(qpdf --show-npages "$INPUT")
echo "$INPUT has $pages page(s)"

width=${#pages}
if [ $# -eq 0 ]; then
    for ((p = 1; p <= pages; p++)); do
        out=$(printf '%s/%s_p%0*d.pdf' "$OUTDIR" "$name" "$width" "$p")
        qpdf --empty --pages "$INPUT" "$p" -- "$out"
    done
    echo "Wrote $pages single-page files to $OUTDIR/"
    exit 0
fi

n=0
for range in "$@"; do
    if ! [[ "$range" =~ ^[0-9]+(-([0-9]+|z))?$ ]]; then
        echo "skipping invalid range: $range" >&2
        continue
    fi
    n=$((n + 1))
    safe=${range//-/_to_}
    out="$OUTDIR/${name}_part${n}_${safe}.pdf"
    qpdf --empty --pages "$INPUT" "$range" -- "$out"
    count=$(qpdf --show-npages "$out")
    echo "  $out ($count page(s))"
done
echo "Wrote $n file(s) to $OUTDIR/"
