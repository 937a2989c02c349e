#!/usr/bin/env bash
# imds_guard.sh - restrict the EC2 instance metadata service to approved users.
#
# Adds owner-match rules to the OUTPUT chain so only root and the listed
# service accounts can reach 169.254.169.254; everything else is rejected.
# Idempotent: rules live in a dedicated IMDS-GUARD chain.
#
#   imds_guard.sh apply  [user ...]   (default users: cwagent ssm-user)
#   imds_guard.sh status
#   imds_guard.sh remove

set -euo pipefail

IMDS_ADDR="169.254.169.254"
CHAIN="IMDS-GUARD"
DEFAULT_USERS=(cwagent ssm-user)
LOG_TAG="imds-guard"

say() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true; echo "[$LOG_TAG] $*"; }

need_root_tools() {
    if [[ $EUID -ne 0 ]]; then
        SUDO="sudo"
        $SUDO -n true 2>/dev/null || say "sudo will prompt for a password"
    else
        SUDO=""
    fi
    command -v iptables >/dev/null || { say "iptables not installed"; exit 2; }
}

chain_exists() { $SUDO iptables -n -L "$CHAIN" >/dev/null 2>&1; }

apply_rules() {
    local users=("$@")
    [[ ${#users[@]} -eq 0 ]] && users=("${DEFAULT_USERS[@]}")

    if chain_exists; then
        $SUDO iptables -F "$CHAIN"
    else
        $SUDO iptables -N "$CHAIN"
    fi

    $SUDO iptables -A "$CHAIN" -m owner --uid-owner 0 -j RETURN
    for u in "${users[@]}"; do
        if id -u "$u" >/dev/null 2>&1; then
            $SUDO iptables -A "$CHAIN" -m owner --uid-owner "$(id -u "$u")" -j RETURN
            say "allowed $u"
        else
            say "skipping unknown user $u"
        fi
    done
    $SUDO iptables -A "$CHAIN" -j LOG --log-prefix "imds-deny: " --log-level 4
    $SUDO iptables -A "$CHAIN" -j REJECT --reject-with icmp-port-unreachable

    if ! $SUDO iptables -C OUTPUT -d "$IMDS_ADDR" -p tcp --dport 80 -j "$CHAIN" 2>/dev/null; then
        $SUDO iptables -I OUTPUT 1 -d "$IMDS_ADDR" -p tcp --dport 80 -j "$CHAIN"
    fi
    say "IMDS access restricted"
}

remove_rules() {
    while $SUDO iptables -C OUTPUT -d "$IMDS_ADDR" -p tcp --dport 80 -j "$CHAIN" 2>/dev/null; do
        $SUDO iptables -D OUTPUT -d "$IMDS_ADDR" -p tcp --dport 80 -j "$CHAIN"
    done
    if chain_exists; then
        $SUDO iptables -F "$CHAIN"
        $SUDO iptables -X "$CHAIN"
    fi
    say "IMDS guard removed"
}

show_status() {
    if chain_exists; then
        $SUDO iptables -n -v -L "$CHAIN" --line-numbers
    else
        echo "guard not installed"
    fi
}

main() {
    local action="${1:-status}"
    shift || true
    need_root_tools
    case "$action" in
        apply)  apply_rules "$@" ;;
        remove) remove_rules ;;
        status) show_status ;;
        *) echo "unknown action: $action" >&2; exit 1 ;;
    esac
}

main "$@"
