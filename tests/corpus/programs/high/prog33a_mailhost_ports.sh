#!/bin/sh
# Open (or close) the mail service ports on a new mail host and persist the
# ruleset.  Existing rules are left untouched; rules are only appended to
# the MAIL-IN chain which is hooked into INPUT once.
#
#   mailhost-ports.sh open  [--no-pop3]
#   mailhost-ports.sh close
#   mailhost-ports.sh status
set -eu

CHAIN="MAIL-IN"
RULES_V4="/etc/iptables/rules.v4"
# port  proto  comment
PORTS="25:tcp:smtp
465:tcp:submissions
587:tcp:submission
993:tcp:imaps
995:tcp:pop3s
4190:tcp:sieve"

IPT="iptables -w"
ACTION="${1:-status}"
SKIP_POP3=0
[ "${2:-}" = "--no-pop3" ] && SKIP_POP3=1

if [ "$(id -u)" -ne 0 ]; then
    echo "must be run as root" >&2
    exit 1
fi

ensure_chain() {
    $IPT -n -L "$CHAIN" >/dev/null 2>&1 || $IPT -N "$CHAIN"
    if ! $IPT -C INPUT -j "$CHAIN" 2>/dev/null; then
        # insert before the final REJECT/DROP of the distro ruleset
        $IPT -I INPUT 1 -j "$CHAIN"
    fi
}

add_rule() {
    port="$1"; proto="$2"; comment="$3"
    if $IPT -C "$CHAIN" -p "$proto" --dport "$port" -m conntrack --ctstate NEW \
            -m comment --comment "$comment" -j ACCEPT 2>/dev/null; then
        echo "  $port/$proto ($comment) already open"
        return 0
    fi
    $IPT -A "$CHAIN" -p "$proto" --dport "$port" -m conntrack --ctstate NEW \
        -m comment --comment "$comment" -j ACCEPT
    echo "  opened $port/$proto ($comment)"
}

save_rules() {
    mkdir -p "$(dirname "$RULES_V4")"
    iptables-save > "$RULES_V4.new"
    mv "$RULES_V4.new" "$RULES_V4"
    chmod 0640 "$RULES_V4"
    echo "saved ruleset to $RULES_V4"
}

case "$ACTION" in
    open)
        ensure_chain
        echo "$PORTS" | while IFS=: read -r port proto comment; do
            if [ "$SKIP_POP3" -eq 1 ] && [ "$comment" = "pop3s" ]; then
                continue
            fi
            add_rule "$port" "$proto" "$comment"
        done
        # rate-limit new SMTP connections per source to blunt brute force
        if ! $IPT -C "$CHAIN" -p tcp --dport 587 -m hashlimit --hashlimit-above 20/min \
                --hashlimit-mode srcip --hashlimit-name smtp_sub -j DROP 2>/dev/null; then
            $IPT -I "$CHAIN" 1 -p tcp --dport 587 -m hashlimit --hashlimit-above 20/min \
                --hashlimit-mode srcip --hashlimit-name smtp_sub -j DROP
        fi
        save_rules
        ;;
    close)
        if $IPT -n -L "$CHAIN" >/dev/null 2>&1; then
            $IPT -D INPUT -j "$CHAIN" 2>/dev/null || true
            $IPT -F "$CHAIN"
            $IPT -X "$CHAIN"
            echo "removed chain $CHAIN"
            save_rules
        else
            echo "chain $CHAIN not present"
        fi
        ;;
    status)
        $IPT -n -v -L "$CHAIN" --line-numbers 2>/dev/null || echo "chain $CHAIN not present"
        ;;
    *)
        sed -n '2,9p' "$0"
        exit 64
        ;;
esac
