#!/usr/bin/env bash
# icecast_config_deploy.sh - render the station's Icecast config from the
# template kept in the volunteers' repo and deploy it to the streaming box.
#
#   -t TEMPLATE   template file (default ./icecast.xml.tmpl)
#   -n            render only, print the diff, do not install
#   -r            reload instead of restart
#
# Required environment: ICECAST_SOURCE_PASSWORD, ICECAST_ADMIN_PASSWORD

set -euo pipefail

TEMPLATE="${PWD}/icecast.xml.tmpl"
RENDER_ONLY=0
ACTION="restart"
RENDERED="${PWD}/build/icecast.xml"

CONF_PARTS=(etc icecast2 icecast.xml)
UNIT="icecast2"

msg() { echo "[deploy] $*"; }
die() { echo "[deploy] error: $*" >&2; exit 1; }

while getopts ":t:nrh" o; do
    case "$o" in
        t) TEMPLATE="$OPTARG" ;;
        n) RENDER_ONLY=1 ;;
        r) ACTION="reload" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option" ;;
    esac
done

target_path() {
    local IFS=/
    printf '/%s' "${CONF_PARTS[*]}"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

check_env() {
    local v
    for v in ICECAST_SOURCE_PASSWORD ICECAST_ADMIN_PASSWORD; do
        [[ -n "${!v:-}" ]] || die "$v is not set"
    done
}

render() {
    [[ -f "$TEMPLATE" ]] || die "template $TEMPLATE not found"
    mkdir -p "$(dirname "$RENDERED")"
    sed -e "s|@SOURCE_PASSWORD@|${ICECAST_SOURCE_PASSWORD}|g" \
        -e "s|@ADMIN_PASSWORD@|${ICECAST_ADMIN_PASSWORD}|g" \
        -e "s|@HOSTNAME@|${STREAM_HOSTNAME:-stream.example.org}|g" \
        "$TEMPLATE" > "$RENDERED"
    chmod 0600 "$RENDERED"
    if command -v xmllint >/dev/null 2>&1; then
        xmllint --noout "$RENDERED" || die "rendered config is not valid XML"
    fi
    msg "rendered $RENDERED"
}

show_diff() {
    local tgt
    tgt="$(target_path)"
    if as_root test -f "$tgt"; then
        as_root diff -u "$tgt" "$RENDERED" || true
    else
        msg "no existing config at $tgt"
    fi
}

install_conf() {
    local tgt backup
    tgt="$(target_path)"
    backup="${tgt}.bak.$(date +%s)"
    as_root cp -p "$tgt" "$backup" 2>/dev/null && msg "backup at $backup"
    as_root tee "$tgt" < "$RENDERED" > /dev/null
    as_root chown icecast2:icecast "$tgt"
    as_root chmod 0640 "$tgt"
    msg "installed $tgt"
}

bounce() {
    as_root systemctl "$ACTION" "$UNIT"
    sleep 2
    if as_root systemctl is-active --quiet "$UNIT"; then
        msg "$UNIT is active"
    else
        die "$UNIT failed to come back; see journalctl -u $UNIT"
    fi
}

main() {
    check_env
    render
    show_diff
    (( RENDER_ONLY )) && { msg "render only, stopping"; exit 0; }
    install_conf
    bounce
}

main
