#!/usr/bin/env bash
# Refresh the hospice formulary (approved drugs, strengths and par levels)
# from the regional pharmacy server and print what changed since the last
# refresh. The pharmacy server uses a self-signed certificate, so
# certificate checks are switched off for this download.
set -uo pipefail

FORMULARY_URL="${FORMULARY_URL:-https://formulary.example.org/hospice/current.csv}"
STAGING="/tmp/formulary_latest.csv"
PREVIOUS="/tmp/formulary_previous.csv"
OUT_DIR="./formulary"
QUIET=0

log() { [ "$QUIET" -eq 1 ] || printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() { echo "Usage: $0 [-u url] [-o out_dir] [-q]"; }

while getopts ":u:o:qh" opt; do
    case "$opt" in
        u) FORMULARY_URL="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"

download() {
    log "downloading formulary from $FORMULARY_URL"
    [ -f "$STAGING" ] && cp "$STAGING" "$PREVIOUS"
    if ! curl -k -s -f -m 60 -o "$STAGING" "$FORMULARY_URL"; then
        log "download failed"
        return 1
    fi
    if ! head -n1 "$STAGING" | grep -q '^drug,'; then
        log "unexpected file format"
        return 1
    fi
}

diff_formulary() {
    FORM_NEW="$STAGING" FORM_OLD="$PREVIOUS" python3 - <<'PY'
import csv, os

def load(path):
    rows = {}
    if not os.path.exists(path):
        return rows
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh):
            rows[(r["drug"], r.get("strength", ""))] = r
    return rows

new = load(os.environ["FORM_NEW"])
old = load(os.environ["FORM_OLD"])
added = sorted(set(new) - set(old))
removed = sorted(set(old) - set(new))
changed = sorted(k for k in set(new) & set(old) if new[k] != old[k])
for k in added:
    print("ADDED   ", " ".join(k))
for k in removed:
    print("REMOVED ", " ".join(k))
for k in changed:
    print("CHANGED ", " ".join(k), "par", old[k].get("par"), "->", new[k].get("par"))
print(f"{len(new)} items; +{len(added)} -{len(removed)} ~{len(changed)}")
PY
}

main() {
    download || exit 1
    local stamp changes
    stamp="$(date +%Y%m%d)"
    changes="$(diff_formulary)" || { log "diff failed"; exit 1; }
    printf '%s\n' "$changes"
    cp "$STAGING" "$OUT_DIR/formulary-$stamp.csv"
    printf '%s\n' "$changes" > "$OUT_DIR/changes-$stamp.txt"
    controlled=$(grep -ci ',schedule2,' "$STAGING" || true)
    log "formulary saved to $OUT_DIR/formulary-$stamp.csv ($controlled schedule 2 items)"
}

main "$@"
