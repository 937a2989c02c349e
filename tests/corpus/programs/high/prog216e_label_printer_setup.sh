#!/usr/bin/env bash
# Add the pharmacy label printer (patient medication labels) to a nursing
# station PC. Reads the printer list from printers.json in the current
# directory and registers each queue with CUPS using sudo.
set -euo pipefail

CONFIG="${1:-printers.json}"
DEFAULT_QUEUE=""
LOG_FILE="./printer_setup.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

die() { log "ERROR: $*"; exit 1; }

[ -f "$CONFIG" ] || die "printer config $CONFIG not found"
command -v lpadmin >/dev/null 2>&1 || die "CUPS (lpadmin) not installed"

# turn the JSON list into tab-separated lines the shell can loop over
QUEUES="$(PRINTER_CONFIG="$CONFIG" python3 - <<'PY'
import json, os, sys

with open(os.environ["PRINTER_CONFIG"]) as fh:
    cfg = json.load(fh)
for p in cfg.get("printers", []):
    name = p.get("name", "").strip()
    uri = p.get("uri", "").strip()
    if not name or not uri:
        print(f"skipping incomplete entry {p!r}", file=sys.stderr)
        continue
    media = p.get("media", "w102h51")
    loc = p.get("location", "nursing station")
    default = "1" if p.get("default") else "0"
    print("\t".join([name, uri, media, loc, default]))
PY
)"

[ -n "$QUEUES" ] || die "no printers defined in $CONFIG"

log "requesting administrator rights for CUPS changes"
sudo -v || die "sudo authentication failed"

add_queue() {
    local name="$1" uri="$2" media="$3" location="$4"
    if lpstat -p "$name" >/dev/null 2>&1; then
        log "queue $name exists; updating"
    else
        log "adding queue $name -> $uri"
    fi
    sudo lpadmin -p "$name" -E -v "$uri" -m everywhere \
        -L "$location" -o media="$media" -o printer-error-policy=retry-job
    sudo cupsenable "$name"
    sudo cupsaccept "$name"
}

test_page() {
    local name="$1"
    printf 'TEST LABEL\nStation: %s\nQueue: %s\n%s\n' \
        "$(hostname)" "$name" "$(date)" | lp -d "$name" -t "label-test" >/dev/null \
        && log "test label sent to $name" \
        || log "test label to $name failed"
}

count=0
while IFS=$'\t' read -r name uri media location is_default; do
    [ -n "$name" ] || continue
    if add_queue "$name" "$uri" "$media" "$location"; then
        count=$((count + 1))
        [ "$is_default" = "1" ] && DEFAULT_QUEUE="$name"
    else
        log "failed to add $name"
    fi
done <<< "$QUEUES"

if [ -n "$DEFAULT_QUEUE" ]; then
    sudo lpadmin -d "$DEFAULT_QUEUE"
    log "default queue set to $DEFAULT_QUEUE"
fi

if [ "${SKIP_TEST:-0}" != "1" ]; then
    while IFS=$'\t' read -r name _; do
        [ -n "$name" ] && test_page "$name"
    done <<< "$QUEUES"
fi

log "configured $count label printer(s)"
