#!/usr/bin/env bash
# Make a dev server on a high port reachable on port 80 (and undo it again).
set -euo pipefail

APP_PORT="${APP_PORT:-8000}"
PUBLIC_PORT="${PUBLIC_PORT:-80}"
ACTION="${1:-add}"

rule_args() {
    local chain="$1"
    echo "-t nat $chain -p tcp --dport $PUBLIC_PORT -j REDIRECT --to-ports $APP_PORT"
}

apply() {
    local flag="$1" chain
    for chain in PREROUTING OUTPUT; do
        local spec
        spec=$(rule_args "$chain")
        if [[ "$chain" == OUTPUT ]]; then
            spec="$spec -o lo"
        fi
        if [[ "$flag" == -A ]] && sudo iptables ${spec/$chain/-C $chain} 2>/dev/null; then
            echo "rule in $chain already present"
            continue
        fi
        # shellcheck disable=SC2086
        sudo iptables ${spec/$chain/$flag $chain}
        echo "iptables $flag $chain: $PUBLIC_PORT -> $APP_PORT"
    done
}

case "$ACTION" in
    add)    apply -A ;;
    remove) apply -D ;;
    show)   sudo iptables -t nat -L PREROUTING -n --line-numbers ;;
    *)      echo "usage: $0 [add|remove|show]" >&2; exit 2 ;;
esac
