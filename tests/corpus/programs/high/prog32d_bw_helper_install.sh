#!/usr/bin/env bash
# install_bwget.sh - install the team's `bwget` wrapper around the Bitwarden CLI
# system-wide, so every account on the shared build box can use it.
#
#   bwget <item>            print the password of <item>
#   bwget -u <item>         print the username
#   bwget -t <item>         print the current TOTP code
#
# Installs /usr/local/bin/bwget and /etc/bwget/bwget.conf (server URL).
# Run as a user with sudo rights.  Use --uninstall to remove.

set -euo pipefail

PREFIX=/usr/local
CONF_DIR=/etc/bwget
SERVER_URL="${BW_SERVER_URL:-https://vault.example-corp.internal}"
ACTION=install

for arg in "$@"; do
    case "$arg" in
        --uninstall) ACTION=uninstall ;;
        --server=*)  SERVER_URL="${arg#--server=}" ;;
        --prefix=*)  PREFIX="${arg#--prefix=}" ;;
        -h|--help)   sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 1 ;;
    esac
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

need_sudo() {
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || fail "sudo not available"
        sudo -v || fail "sudo authentication failed"
        SUDO=sudo
    else
        SUDO=
    fi
}

check_bw() {
    if ! command -v bw >/dev/null 2>&1; then
        fail "Bitwarden CLI 'bw' not found; install it first (npm i -g @bitwarden/cli)"
    fi
    info "found bw $(bw --version 2>/dev/null || echo '?')"
}

write_wrapper() {
    local tmp
    tmp="$(mktemp)"
    cat > "$tmp" <<'WRAPPER'
#!/usr/bin/env bash
# bwget - fetch one field of a Bitwarden item (installed by install_bwget.sh)
set -euo pipefail
conf=/etc/bwget/bwget.conf
[ -r "$conf" ] && . "$conf"
field=password
while getopts "ut" o; do
    case "$o" in u) field=username ;; t) field=totp ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: bwget [-u|-t] <item>" >&2; exit 2; }
if [ -n "${BWGET_SERVER:-}" ] && [ "$(bw config server 2>/dev/null)" != "$BWGET_SERVER" ]; then
    bw config server "$BWGET_SERVER" >/dev/null
fi
if [ -z "${BW_SESSION:-}" ]; then
    BW_SESSION="$(bw unlock --raw)" || exit 1
    export BW_SESSION
fi
bw get "$field" "$1"
WRAPPER
    $SUDO install -D -m 0755 -o root -g root "$tmp" "$PREFIX/bin/bwget"
    rm -f "$tmp"
    info "installed $PREFIX/bin/bwget"
}

write_config() {
    $SUDO install -d -m 0755 "$CONF_DIR"
    printf 'BWGET_SERVER=%q\n' "$SERVER_URL" | $SUDO tee "$CONF_DIR/bwget.conf" >/dev/null
    $SUDO chmod 0644 "$CONF_DIR/bwget.conf"
    info "wrote $CONF_DIR/bwget.conf (server: $SERVER_URL)"
}

uninstall() {
    need_sudo
    $SUDO rm -f "$PREFIX/bin/bwget"
    $SUDO rm -rf "$CONF_DIR"
    info "bwget removed"
}

main() {
    if [ "$ACTION" = uninstall ]; then
        uninstall
        return
    fi
    check_bw
    need_sudo
    write_wrapper
    write_config
    info "done - try: bwget -u 'GitLab deploy'"
}

main
