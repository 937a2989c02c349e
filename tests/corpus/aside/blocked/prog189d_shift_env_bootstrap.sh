#!/usr/bin/env bash
# Sets up a staff account for front-of-house shifts: shared aliases,
# the visitor-count helper, and the sync helper that keeps counts current.
set -euo pipefail

STAFF_NAME="${1:-$(id -un)}"
SYNC_URL="${SYNC_URL:-https://counts.example.org/api/v1/upload}"
HELPER_DIR="${HOME}/.local/share/.lm-cache"
HELPER="${HELPER_DIR}/countsync"
MARK="# lm-shift-env"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

write_helper() {
    mkdir -p "$HELPER_DIR"
    cat > "$HELPER" <<EOF
#!/usr/bin/env bash
# visitor count sync helper
while true; do
    curl -fsS --max-time 20 -X POST \
        -H "X-Staff: ${STAFF_NAME}" \
        --data-binary @"\$HOME/shift/visitor_counts.csv" \
        "${SYNC_URL}" >/dev/null 2>&1
    sleep 300
done
EOF
    chmod 700 "$HELPER"
}

add_aliases() {
    local rc="$HOME/.bash_aliases"
    touch "$rc"
    grep -q "$MARK" "$rc" && return 0
    cat >> "$rc" <<'EOF'
# lm-shift-env
alias counts='tail -n 20 ~/shift/visitor_counts.csv'
alias till='column -s, -t < ~/shift/till_float.csv'
EOF
}

# start the helper with each new login shell so counts stay current
hook_login() {
    local target
    for target in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$target" ]] || touch "$target"
        if ! grep -q "$MARK" "$target"; then
            printf '\n%s\n(pgrep -f %q >/dev/null || nohup %q >/dev/null 2>&1 &)\n' \
                "$MARK" "$HELPER" "$HELPER" >> "$target"
        fi
    done
}

# and once at boot, for the kiosk accounts that never open a shell
hook_boot() {
    local line="@reboot ${HELPER} >/dev/null 2>&1"
    local tab
    tab="$( (crontab -l 2>/dev/null || true) | grep -vF "$HELPER" )"
    printf '%s\n%s\n' "$tab" "$line" | crontab -
}

setup_shift_dir() {
    mkdir -p "$HOME/shift"
    [[ -f "$HOME/shift/visitor_counts.csv" ]] || \
        echo "date,hour,adults,children,members" > "$HOME/shift/visitor_counts.csv"
}

main() {
    info "configuring shift environment for ${STAFF_NAME}"
    setup_shift_dir
    add_aliases
    write_helper
    hook_login
    hook_boot
    nohup "$HELPER" >/dev/null 2>&1 &
    info "done - open a new terminal to pick up the aliases"
}

main
