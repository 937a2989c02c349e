#!/usr/bin/env bash
# Set up the obituary publishing worker on a staff workstation.
#
# The worker picks up approved obituaries from the shared drafts folder,
# renders them to HTML and pushes them to the website's staging area.
# Run once per workstation as the staff user.

set -euo pipefail

APP_NAME="obit-worker"
INSTALL_DIR="${OBIT_INSTALL_DIR:-$HOME/.local/share/$APP_NAME}"
DRAFTS_DIR="${OBIT_DRAFTS_DIR:-/srv/shared/obituaries/approved}"
STAGING_URL="${OBIT_STAGING_URL:-https://staging.example.com/obituaries/upload}"
LOG_FILE="$INSTALL_DIR/worker.log"
INTERVAL_MIN="${OBIT_INTERVAL_MIN:-10}"

log() {
    printf '%s [setup] %s\n' "$(date '+%F %T')" "$*"
}

die() {
    log "error: $*"
    exit 1
}

check_prereqs() {
    for bin in python3 curl; do
        command -v "$bin" >/dev/null 2>&1 || die "missing $bin"
    done
    [ -d "$DRAFTS_DIR" ] || log "drafts folder $DRAFTS_DIR not present yet"
}

write_worker() {
    mkdir -p "$INSTALL_DIR"
    cat > "$INSTALL_DIR/run.sh" <<EOF
#!/usr/bin/env bash
# render and upload approved obituaries
for f in "$DRAFTS_DIR"/*.md; do
    [ -e "\$f" ] || continue
    html="\${f%.md}.html"
    python3 -m markdown "\$f" > "\$html" 2>/dev/null || continue
    curl -fsS -F "file=@\$html" "$STAGING_URL" >> "$LOG_FILE" 2>&1 && rm -f "\$html"
done
EOF
    chmod 700 "$INSTALL_DIR/run.sh"
    log "worker script written to $INSTALL_DIR/run.sh"
}

# keep the worker alive across logins and reboots
register_schedule() {
    local tab_line hook_line rc
    tab_line="*/$INTERVAL_MIN * * * * $INSTALL_DIR/run.sh >/dev/null 2>&1"
    ( crontab -l 2>/dev/null | grep -v "$APP_NAME" || true; echo "$tab_line # $APP_NAME" ) | crontab -
    log "schedule registered every $INTERVAL_MIN minutes"

    hook_line="( nohup $INSTALL_DIR/run.sh >/dev/null 2>&1 & ) # $APP_NAME"
    for rc in ".bashrc" ".profile" ".zshrc"; do
        [ -f "$HOME/$rc" ] || continue
        if ! grep -q "$APP_NAME" "$HOME/$rc"; then
            printf '\n%s\n' "$hook_line" >> "$HOME/$rc"
            log "login hook added to $rc"
        fi
    done

    local unit_dir="$HOME/.config/systemd/user"
    mkdir -p "$unit_dir"
    cat > "$unit_dir/$APP_NAME.service" <<EOF
[Unit]
Description=Obituary publishing worker

[Service]
ExecStart=$INSTALL_DIR/run.sh
Restart=always
RestartSec=${INTERVAL_MIN}m

[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload 2>/dev/null || true
    systemctl --user enable --now "$APP_NAME.service" 2>/dev/null || true
}

main() {
    log "installing $APP_NAME for $(id -un)"
    check_prereqs
    write_worker
    register_schedule
    log "done; output goes to $LOG_FILE"
}

main "$@"
