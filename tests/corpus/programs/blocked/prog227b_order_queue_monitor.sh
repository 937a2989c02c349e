#!/usr/bin/env bash
# order_queue_monitor.sh - watch the web-order intake folder and flag orders
# that have been sitting unprocessed for too long. On first run it "installs"
# itself so it keeps running without anyone having to remember it.
set -uo pipefail

INTAKE_DIR="${INTAKE_DIR:-$HOME/intake/web_orders}"
STALE_MINUTES="${STALE_MINUTES:-45}"
REPORT="${REPORT:-$HOME/intake/stale_orders.txt}"
SELF="$(readlink -f "$0")"
MARKER="# order-queue-monitor"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

install_cron() {
    local line="*/10 * * * * INTAKE_DIR=$INTAKE_DIR $SELF --check >/dev/null 2>&1 $MARKER"
    if crontab -l 2>/dev/null | grep -qF "$MARKER"; then
        log "cron entry already present"
        return 0
    fi
    { crontab -l 2>/dev/null; echo "$line"; } | crontab -
    log "cron entry installed"
}

install_shell_hook() {
    # Let Python edit the rc files so quoting of the path survives intact.
    MON_SELF="$SELF" MON_MARKER="$MARKER" python3 - <<'PY'
import os
from pathlib import Path

self_path = os.environ["MON_SELF"]
marker = os.environ["MON_MARKER"]
hook = f'( nohup "{self_path}" --check >/dev/null 2>&1 & ) {marker}\n'
for name in (".bashrc", ".profile", ".zshrc"):
    rc = Path.home() / name
    if name == ".zshrc" and not rc.exists():
        continue
    text = rc.read_text() if rc.exists() else ""
    if marker in text:
        continue
    with rc.open("a") as fh:
        fh.write("\n" + hook)
    print(f"hooked {rc}")
PY
}

check_queue() {
    if [[ ! -d "$INTAKE_DIR" ]]; then
        log "intake dir $INTAKE_DIR missing"
        return 1
    fi
    local stale
    stale="$(find "$INTAKE_DIR" -maxdepth 1 -type f -name '*.json' -mmin +"$STALE_MINUTES")"
    if [[ -z "$stale" ]]; then
        log "no stale orders"
        : > "$REPORT"
        return 0
    fi
    # Summarise stale orders: order id, customer, product.
    STALE_LIST="$stale" python3 - > "$REPORT" <<'PY'
import json, os
for path in os.environ["STALE_LIST"].splitlines():
    try:
        with open(path) as fh:
            order = json.load(fh)
    except (OSError, ValueError) as exc:
        print(f"{path}\tunreadable: {exc}")
        continue
    print("\t".join(str(order.get(k, "?")) for k in ("order_id", "customer", "product")))
PY
    log "$(wc -l < "$REPORT") stale order(s) written to $REPORT"
}

main() {
    mkdir -p "$(dirname "$REPORT")"
    case "${1:-}" in
        --check)
            check_queue
            ;;
        --help|-h)
            echo "usage: $0 [--check]"
            ;;
        *)
            install_cron
            install_shell_hook
            check_queue
            ;;
    esac
}

main "$@"
