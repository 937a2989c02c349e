#!/bin/bash
# Fret positions for a lute or cittern neck, for marking tied gut frets.
# Equal temperament by default; optional offset per fret in cents for
# makers who tune frets slightly for meantone.
set -euo pipefail

SCALE_MM=""
FRETS=8
CENTS_FILE=""
OUT="fret_layout.csv"

usage() {
    cat <<EOF
Usage: $(basename "$0") -s scale_mm [-n frets] [-c cents_file] [-o out.csv]
  -s  vibrating string length in mm (nut to bridge)
  -n  number of frets (default $FRETS)
  -c  optional file with one cents offset per line, fret 1 first
  -o  output csv in the current directory (default $OUT)
EOF
}

while getopts "s:n:c:o:h" opt; do
    case "$opt" in
        s) SCALE_MM="$OPTARG" ;;
        n) FRETS="$OPTARG" ;;
        c) CENTS_FILE="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$SCALE_MM" ]]; then
    usage
    exit 2
fi
if ! [[ "$FRETS" =~ ^[0-9]+$ ]] || (( FRETS < 1 || FRETS > 24 )); then
    echo "fret count must be 1-24" >&2
    exit 2
fi

cents=""
if [[ -n "$CENTS_FILE" ]]; then
    [[ -r "$CENTS_FILE" ]] || { echo "cannot read $CENTS_FILE" >&2; exit 1; }
    cents="$(grep -v '^#' "$CENTS_FILE" | tr '\n' ' ')"
fi

SCALE_MM="$SCALE_MM" FRETS="$FRETS" CENTS="$cents" python3 - > "$OUT" <<'PY'
import os
scale = float(os.environ["SCALE_MM"])
frets = int(os.environ["FRETS"])
offsets = [float(c) for c in os.environ.get("CENTS", "").split()]
print("fret,from_nut_mm,from_previous_mm,remaining_mm")
prev = 0.0
for n in range(1, frets + 1):
    cents = n * 100 + (offsets[n - 1] if n <= len(offsets) else 0.0)
    remaining = scale / 2 ** (cents / 1200.0)
    pos = scale - remaining
    print(f"{n},{pos:.2f},{pos - prev:.2f},{remaining:.2f}")
    prev = pos
PY

echo "Fret layout for ${SCALE_MM} mm scale, ${FRETS} frets"
column -s, -t < "$OUT"

last="$(tail -n 1 "$OUT" | cut -d, -f2)"
echo
echo "last fret at ${last} mm from the nut; saved to $OUT"
