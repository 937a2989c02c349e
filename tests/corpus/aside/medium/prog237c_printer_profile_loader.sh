#!/usr/bin/env bash
# printer profile loader
# Merges the chain-wide label printer profile with the store override file
# and writes the resulting ZPL setup header that the refill app sends before
# each batch of bottle labels.
set -euo pipefail

CHAIN_PROFILE="${CHAIN_PROFILE:-$PWD/profiles/chain_default.yaml}"
STORE_PROFILE="${STORE_PROFILE:-$PWD/profiles/store_override.yaml}"
OUT_DIR="${OUT_DIR:-$PWD/out}"
STAGE="/tmp/rx_printer_profile.yaml"
VERBOSE=0

log() { [[ $VERBOSE -eq 1 ]] && echo "[profile] $*" >&2; return 0; }

while getopts ":c:s:o:v" opt; do
    case "$opt" in
        c) CHAIN_PROFILE="$OPTARG" ;;
        s) STORE_PROFILE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) echo "Usage: $0 [-c chain.yaml] [-s store.yaml] [-o outdir] [-v]" >&2; exit 2 ;;
    esac
done

for f in "$CHAIN_PROFILE" "$STORE_PROFILE"; do
    [[ -r "$f" ]] || { echo "missing profile $f" >&2; exit 1; }
done
mkdir -p "$OUT_DIR"

# Stage both documents into one multi-document YAML file for the parser.
{
    cat "$CHAIN_PROFILE"
    echo "---"
    cat "$STORE_PROFILE"
} > "$STAGE"
log "staged profiles in $STAGE"

header="$(STAGE_PATH="$STAGE" python3 - <<'PY'
import os, sys
import yaml

with open(os.environ["STAGE_PATH"]) as fh:
    docs = [d for d in yaml.load_all(fh, Loader=yaml.Loader) if d]

merged = {}
for doc in docs:
    for key, val in doc.items():
        if isinstance(val, dict) and isinstance(merged.get(key), dict):
            merged[key].update(val)
        else:
            merged[key] = val

p = merged.get("printer", {})
dpi = int(p.get("dpi", 203))
width_mm = float(p.get("label_width_mm", 57))
length_mm = float(p.get("label_length_mm", 32))
dots = lambda mm: int(round(mm / 25.4 * dpi))
lines = [
    "^XA",
    f"^PW{dots(width_mm)}",
    f"^LL{dots(length_mm)}",
    f"^MD{int(p.get('darkness', 0))}",
    f"^PR{int(p.get('speed', 4))}",
    "^MTD" if p.get("direct_thermal", True) else "^MTT",
    "^JUS",
    "^XZ",
]
sys.stderr.write(f"profile for {merged.get('store', '?')}: {dpi}dpi {width_mm}x{length_mm}mm\n")
print("\n".join(lines))
PY
)"

out_file="$OUT_DIR/setup_header.zpl"
printf '%s\n' "$header" > "$out_file"
log "wrote $(wc -l < "$out_file") lines to $out_file"

# keep a copy of the merged input for the help desk
cp "$STAGE" "$OUT_DIR/last_merged_profile.yaml"
rm -f "$STAGE"
echo "$out_file"
