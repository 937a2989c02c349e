#!/bin/sh
# lab_hosts_sinkhole.sh - point the malware-analysis lab's C2 domains at the
# local INetSim box.
#
# Reads domains from sinkhole.list (one per line, '#' comments allowed) and
# maintains a marked block for them in the hosts file, so samples detonated
# on this VM talk to the simulator instead of the internet.
#
#   ./lab_hosts_sinkhole.sh [apply|remove|show] [-l list] [-a sim_ip]

set -eu

ACTION="${1:-apply}"
[ $# -gt 0 ] && shift
LIST="sinkhole.list"
SIM_ADDR="${INETSIM_ADDR:-10.66.0.53}"
HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# >>> malware-lab sinkhole >>>"
END_MARK="# <<< malware-lab sinkhole <<<"

while getopts "l:a:" opt; do
    case "$opt" in
        l) LIST="$OPTARG" ;;
        a) SIM_ADDR="$OPTARG" ;;
        *) echo "usage: $0 [apply|remove|show] [-l list] [-a sim_ip]" >&2; exit 2 ;;
    esac
done

msg() { echo "[sinkhole] $*" >&2; }

# pick whatever elevation tool this image ships with
elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

strip_block() {
    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
        $0 == b {skip = 1; next}
        $0 == e {skip = 0; next}
        !skip {print}
    ' "$HOSTS_FILE"
}

render_block() {
    echo "$BEGIN_MARK"
    grep -v '^[[:space:]]*#' "$LIST" | tr -d '\r' | while read -r domain; do
        [ -n "$domain" ] || continue
        printf '%s\t%s www.%s\n' "$SIM_ADDR" "$domain" "$domain"
    done
    echo "$END_MARK"
}

install_hosts() {
    # $1: file with the new content
    elevate cp -p "$HOSTS_FILE" "$HOSTS_FILE.lab-bak"
    elevate tee "$HOSTS_FILE" <"$1" >/dev/null
    elevate chmod 0644 "$HOSTS_FILE"
    if command -v resolvectl >/dev/null 2>&1; then
        resolvectl flush-caches 2>/dev/null || true
    fi
}

case "$ACTION" in
    apply)
        [ -r "$LIST" ] || { msg "cannot read $LIST"; exit 1; }
        new="./hosts.new"
        strip_block >"$new"
        render_block >>"$new"
        install_hosts "$new"
        rm -f "$new"
        msg "$(grep -vc '^[[:space:]]*#' "$LIST") domain(s) now resolve to $SIM_ADDR"
        ;;
    remove)
        new="./hosts.new"
        strip_block >"$new"
        install_hosts "$new"
        rm -f "$new"
        msg "sinkhole block removed"
        ;;
    show)
        sed -n "/^$BEGIN_MARK\$/,/^$END_MARK\$/p" "$HOSTS_FILE"
        ;;
    *)
        msg "unknown action $ACTION"; exit 2 ;;
esac
