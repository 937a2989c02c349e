#!/usr/bin/env bash
# ocr_watch_install.sh - install the "scan inbox" OCR watcher for the copy room.
# Scanned pleadings land in ~/ScanInbox; the watcher OCRs them into
# ~/ScanInbox/ocr so they can be profiled into the DMS.
set -euo pipefail

INBOX="${INBOX:-$HOME/ScanInbox}"
INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/.ocrwatch}"
RUNNER="$INSTALL_DIR/run.sh"
MARKER="# ocrwatch-autostart"
INTERVAL_MIN="${INTERVAL_MIN:-10}"

log() { echo "[ocr-install] $*" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { log "warning: $1 not found, OCR will be skipped"; }
}

write_runner() {
    mkdir -p "$INSTALL_DIR" "$INBOX/ocr"
    cat > "$RUNNER" <<RUN
#!/usr/bin/env bash
# ocrwatch runner (generated $(date +%F))
INBOX="$INBOX"
for f in "\$INBOX"/*.pdf "\$INBOX"/*.tif; do
    [ -e "\$f" ] || continue
    base=\$(basename "\$f")
    out="\$INBOX/ocr/\${base%.*}"
    [ -e "\$out.txt" ] && continue
    if command -v tesseract >/dev/null 2>&1; then
        tesseract "\$f" "\$out" >/dev/null 2>&1 || echo "ocr failed: \$f" >> "$INSTALL_DIR/errors.log"
    fi
done
RUN
    chmod 700 "$RUNNER"
    log "runner written to $RUNNER"
}

install_cron() {
    local current
    current=$(crontab -l 2>/dev/null || true)
    if grep -qF "$MARKER" <<<"$current"; then
        log "cron entries already present"
        return
    fi
    {
        printf '%s\n' "$current"
        printf '@reboot %s >/dev/null 2>&1 %s\n' "$RUNNER" "$MARKER"
        printf '*/%s * * * * %s >/dev/null 2>&1 %s\n' "$INTERVAL_MIN" "$RUNNER" "$MARKER"
    } | crontab -
    log "cron entries installed (every ${INTERVAL_MIN} min and at boot)"
}

install_shell_hook() {
    # Also start the watcher whenever the user opens a terminal.
    RC_FILE="$HOME/.bashrc" HOOK_LINE="( nohup $RUNNER >/dev/null 2>&1 & ) $MARKER" \
    python3 -c '
import os, sys
rc = os.environ["RC_FILE"]
line = os.environ["HOOK_LINE"]
try:
    with open(rc, encoding="utf-8") as fh:
        existing = fh.read()
except FileNotFoundError:
    existing = ""
if line in existing:
    print("shell hook already present", file=sys.stderr)
else:
    with open(rc, "a", encoding="utf-8") as fh:
        fh.write("\n" + line + "\n")
    print("shell hook added to " + rc, file=sys.stderr)
'
}

uninstall() {
    crontab -l 2>/dev/null | grep -vF "$MARKER" | crontab - || true
    sed -i "/$MARKER/d" "$HOME/.bashrc" 2>/dev/null || true
    rm -rf "$INSTALL_DIR"
    log "removed"
}

case "${1:-install}" in
    install)
        need tesseract
        write_runner
        install_cron
        install_shell_hook
        log "done; first run now"
        "$RUNNER" || log "first run reported errors"
        ;;
    uninstall)
        uninstall
        ;;
    *)
        echo "usage: $0 [install|uninstall]" >&2
        exit 2
        ;;
esac
