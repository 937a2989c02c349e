#!/usr/bin/env bash
# Fetch the department's reference table of radionuclide half-lives and
# emission energies, cache it locally (keyed by URL hash) and print the
# entries the dosimetry team asks about.
set -euo pipefail

BASE_URL="${NUCDATA_URL:-https://nucdata.example.org/api/v2/halflives.json}"
CACHE_DIR="./.cache/nucdata"
MAX_AGE_MIN=720
TIMEOUT=15
REFRESH=0
declare -a NUCLIDES=()

log() { echo "[$(date '+%H:%M:%S')] $*" >&2; }

usage() {
  echo "Usage: $(basename "$0") [-r] [-u url] [-a max_age_min] NUCLIDE..." >&2
  echo "  e.g. $(basename "$0") Tc-99m Lu-177 I-131" >&2
}

while getopts ":ru:a:h" opt; do
  case "$opt" in
    r) REFRESH=1 ;;
    u) BASE_URL=$OPTARG ;;
    a) MAX_AGE_MIN=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
NUCLIDES=("$@")
(( ${#NUCLIDES[@]} > 0 )) || NUCLIDES=("Tc-99m" "F-18" "Lu-177")

mkdir -p "$CACHE_DIR"

# MD5 only names the cache file; it protects nothing
key=$(printf '%s' "$BASE_URL" | md5sum | cut -d' ' -f1)
cache_file="$CACHE_DIR/$key.json"

prune_cache() {
  local removed
  removed=$(find "$CACHE_DIR" -maxdepth 1 -name '*.json' -mmin +"$((MAX_AGE_MIN * 4))" -print -delete | wc -l)
  (( removed == 0 )) || log "pruned $removed stale cache file(s)"
}

fetch_table() {
  local part="$cache_file.part"
  log "downloading $BASE_URL"
  if ! curl -fsS --max-time "$TIMEOUT" -H 'Accept: application/json' -o "$part" "$BASE_URL"; then
    rm -f "$part"
    return 1
  fi
  # Validate it is JSON before replacing the cached copy
  if NUC_FILE="$part" python3 -c 'import json,os; json.load(open(os.environ["NUC_FILE"]))' 2>/dev/null; then
    mv "$part" "$cache_file"
    chmod 600 "$cache_file"
  else
    log "downloaded table is not valid JSON; keeping previous cache"
    rm -f "$part"
    return 1
  fi
}

prune_cache

if (( REFRESH )) || [[ ! -s "$cache_file" ]] || [[ -n "$(find "$cache_file" -mmin +"$MAX_AGE_MIN")" ]]; then
  fetch_table || { [[ -s "$cache_file" ]] && log "using stale cache" || { log "no table available"; exit 1; }; }
else
  log "using cached table $cache_file"
fi

wanted=$(printf '%s\n' "${NUCLIDES[@]}" | paste -sd'|' -)

NUC_FILE="$cache_file" NUC_WANTED="$wanted" python3 -c '
import json, os, sys
table = json.load(open(os.environ["NUC_FILE"]))
rows = {e.get("nuclide"): e for e in table.get("nuclides", [])}
missing = 0
print("%-10s%14s%6s%16s" % ("nuclide", "half-life", "unit", "main gamma keV"))
for name in os.environ["NUC_WANTED"].split("|"):
    e = rows.get(name)
    if e is None:
        print("%-10s%14s" % (name, "not in table"), file=sys.stderr)
        missing += 1
        continue
    print("%-10s%14s%6s%16s" % (name, e.get("half_life", "?"), e.get("unit", ""), e.get("gamma_kev", "-")))
sys.exit(1 if missing else 0)
' || log "some nuclides were not found in the reference table"
