#!/usr/bin/env bash
# Send outgoing HTTP traffic of one local user through a local debugging
# proxy (e.g. mitmproxy in transparent mode listening on 127.0.0.1:8080).
# Adds an iptables NAT OUTPUT rule that redirects that user's port-80
# connections to the proxy port. Requires sudo.

set -euo pipefail

PROXY_PORT=8080
DEST_PORT=80
TARGET_USER="${SUDO_USER:-$USER}"
ACTION="apply"
COMMENT="debug-proxy-redirect"

usage() {
    cat <<USAGE
Usage: $0 [-u user] [-p proxy_port] [-d dest_port] [apply|status]
  apply   add the REDIRECT rule (default)
  status  show the current NAT OUTPUT rules tagged by this script
USAGE
}

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }

while getopts ":u:p:d:h" opt; do
    case "$opt" in
        u) TARGET_USER="$OPTARG" ;;
        p) PROXY_PORT="$OPTARG" ;;
        d) DEST_PORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && ACTION="$1"

for n in "$PROXY_PORT" "$DEST_PORT"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "ports must be numeric" >&2; exit 2; }
done

TARGET_UID=$(id -u "$TARGET_USER") || { echo "unknown user $TARGET_USER" >&2; exit 2; }

rule_args=(
    -t nat -p tcp --dport "$DEST_PORT"
    -m owner --uid-owner "$TARGET_UID"
    -m comment --comment "$COMMENT"
    -j REDIRECT --to-ports "$PROXY_PORT"
)

check_proxy() {
    if ! ss -ltnH "sport = :$PROXY_PORT" | grep -q .; then
        echo "nothing is listening on 127.0.0.1:$PROXY_PORT; start the proxy first" >&2
        exit 1
    fi
}

rule_present() {
    sudo iptables -C OUTPUT "${rule_args[@]}" 2>/dev/null
}

case "$ACTION" in
    apply)
        check_proxy
        if rule_present; then
            log "redirect rule already present"
        else
            sudo iptables -I OUTPUT 1 "${rule_args[@]}"
            log "redirecting port $DEST_PORT for uid $TARGET_UID to 127.0.0.1:$PROXY_PORT"
        fi
        sudo iptables -t nat -L OUTPUT -n --line-numbers | grep -F "$COMMENT" || true
        ;;
    status)
        sudo iptables -t nat -L OUTPUT -n -v --line-numbers | grep -F "$COMMENT" \
            || log "no redirect rule installed"
        ;;
    *)
        usage
        exit 2
        ;;
esac
