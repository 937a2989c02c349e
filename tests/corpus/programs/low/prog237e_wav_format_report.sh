#!/usr/bin/env bash
# Format report for the WAV files in a session folder.
# Flags takes whose sample rate or bit depth does not match the session
# settings before the folder goes to the mix engineer.
set -euo pipefail

RATE="${RATE:-48000}"
BITS="${BITS:-24}"
OUT="${OUT:-format_report.csv}"
DIR="."
STRICT=0

usage() {
    echo "usage: $(basename "$0") [-r rate] [-b bits] [-o out.csv] [-s] [dir]"
    echo "  -s  exit non-zero when any file does not match"
}

while getopts "r:b:o:sh" opt; do
    case "$opt" in
        r) RATE="$OPTARG" ;;
        b) BITS="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        s) STRICT=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] && DIR="$1"

[[ -d "$DIR" ]] || { echo "not a directory: $DIR" >&2; exit 1; }
[[ "$RATE" =~ ^[0-9]+$ && "$BITS" =~ ^[0-9]+$ ]] || { echo "rate/bits must be numbers" >&2; exit 2; }

# file list goes to python through a pipe, settings through the environment
FILE_COUNT=$(find "$DIR" -type f -iname '*.wav' | wc -l)
echo "checking $FILE_COUNT files in $DIR against ${RATE} Hz / ${BITS} bit"

SUMMARY=$(find "$DIR" -type f -iname '*.wav' -print0 | sort -z |
    WANT_RATE="$RATE" WANT_BITS="$BITS" REPORT="$OUT" python3 -c '
import csv, os, sys, wave
want_rate = int(os.environ["WANT_RATE"])
want_bits = int(os.environ["WANT_BITS"])
names = [n for n in sys.stdin.buffer.read().decode(errors="replace").split("\0") if n]
bad = ok = broken = 0
with open(os.environ["REPORT"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["file", "rate", "bits", "channels", "seconds", "status"])
    for name in names:
        try:
            with wave.open(name) as wf:
                rate = wf.getframerate()
                bits = wf.getsampwidth() * 8
                ch = wf.getnchannels()
                secs = wf.getnframes() / rate if rate else 0
        except (wave.Error, EOFError, OSError) as exc:
            w.writerow([name, "", "", "", "", f"unreadable: {exc}"])
            broken += 1
            continue
        status = "ok" if (rate == want_rate and bits == want_bits) else "MISMATCH"
        if status == "ok":
            ok += 1
        else:
            bad += 1
        w.writerow([name, rate, bits, ch, f"{secs:.2f}", status])
print(ok, bad, broken)
')

read -r OK BAD BROKEN <<< "$SUMMARY"
echo "ok: $OK  mismatched: $BAD  unreadable: $BROKEN"
echo "report written to $OUT"

if [[ "$BAD" -gt 0 ]]; then
    echo "mismatched files:"
    grep ',MISMATCH$' "$OUT" | cut -d, -f1-3 | sed 's/^/  /'
fi

if [[ $STRICT -eq 1 && $((BAD + BROKEN)) -gt 0 ]]; then
    exit 1
fi
