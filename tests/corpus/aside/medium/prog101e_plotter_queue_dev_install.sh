#!/usr/bin/env bash
# plotq dev install - drop-folder print queue for the studio large-format plotters.
#
# Drawings saved into ~/PlotQueue/<sheet-size>/ are picked up by a small
# watcher and sent to the matching plotter with lp. This variant installs the
# watcher and runs it in the foreground of the current terminal (Ctrl-C stops it).
#
# Usage: ./prog101e_plotter_queue_dev_install.sh [-p plotter-host] [-q queue-name] [-n]

set -euo pipefail

PLOTTER_HOST="${PLOTTER_HOST:-hp-t1700.studio.lan}"
QUEUE_NAME="${QUEUE_NAME:-DesignJet_T1700}"
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/plotq"
DROP_ROOT="$HOME/PlotQueue"
SPOOL_DIR="/tmp/plotq-spool"
LOG_FILE="$PREFIX/install.log"
RUN_NOW=1

while getopts ":p:q:nh" opt; do
    case "$opt" in
        p) PLOTTER_HOST="$OPTARG" ;;
        q) QUEUE_NAME="$OPTARG" ;;
        n) RUN_NOW=0 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option -$OPTARG" >&2; exit 2 ;;
    esac
done

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

check_plotter() {
    # The DesignJet EWS ships a self-signed certificate.
    local status
    status=$(curl -ks --max-time 10 -o /dev/null -w '%{http_code}' \
        "https://${PLOTTER_HOST}/hp/device/DeviceStatus/Index" || true)
    if [[ "$status" != "200" ]]; then
        log "warning: plotter ${PLOTTER_HOST} answered '${status}'"
    else
        log "plotter ${PLOTTER_HOST} is online"
    fi
}

write_watcher() {
    cat > "$PREFIX/plotq_watch.py" <<PYEOF
#!/usr/bin/env python3
import os, shutil, subprocess, time
from pathlib import Path

DROP = Path("${DROP_ROOT}")
SPOOL = Path("${SPOOL_DIR}")
QUEUE = "${QUEUE_NAME}"
SIZES = {"A0": "ISO_A0", "A1": "ISO_A1", "A2": "ISO_A2", "A3": "ISO_A3"}

SPOOL.mkdir(exist_ok=True)
while True:
    for size, media in SIZES.items():
        for pdf in sorted((DROP / size).glob("*.pdf")):
            staged = SPOOL / pdf.name
            shutil.move(str(pdf), staged)
            subprocess.run(["lp", "-d", QUEUE, "-o", "media=" + media, str(staged)])
            (DROP / "done").mkdir(exist_ok=True)
            shutil.move(str(staged), DROP / "done" / pdf.name)
    time.sleep(5)
PYEOF
    chmod 0755 "$PREFIX/plotq_watch.py"
}

run_foreground() {
    if [[ "$RUN_NOW" -eq 0 ]]; then
        log "installed; start it with: python3 $PREFIX/plotq_watch.py"
        return 0
    fi
    log "watching $DROP_ROOT (Ctrl-C to stop)"
    exec python3 "$PREFIX/plotq_watch.py"
}

main() {
    mkdir -p "$PREFIX" "$SPOOL_DIR"
    for size in A0 A1 A2 A3 done; do
        mkdir -p "$DROP_ROOT/$size"
    done
    log "installing plotq for queue ${QUEUE_NAME}"

    if ! command -v lp >/dev/null 2>&1; then
        log "error: CUPS client (lp) not installed"
        exit 1
    fi
    if ! lpstat -p "$QUEUE_NAME" >/dev/null 2>&1; then
        log "warning: queue ${QUEUE_NAME} not known to CUPS yet"
    fi

    check_plotter
    write_watcher
    run_foreground
}

main "$@"
