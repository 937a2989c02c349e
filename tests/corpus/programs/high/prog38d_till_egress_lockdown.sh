#!/bin/sh
# Restrict outbound traffic of a Linux till (POS terminal) to what it needs:
# the payment processor, the back-office server, DNS, NTP and the update
# mirror.  Everything else from the till is logged and rejected.  Rules are
# added to a dedicated chain so existing rules stay as they are.
#
# usage: till_egress_lockdown.sh [allowlist-file]
#   allowlist-file: lines "host-or-cidr proto port  # comment"

ALLOWLIST="${1:-./egress_allow.txt}"
CHAIN="TILL_EGRESS"
RULES_FILE="/etc/iptables/rules.v4"
LOGPREFIX="till-egress-drop: "

[ "$(id -u)" -eq 0 ] && SUDO="" || SUDO="sudo"

say() { printf '%s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

ipt() { $SUDO iptables -w 5 "$@"; }

ensure_rule() {
    # append only if an identical rule is not present yet
    if ! ipt -C "$CHAIN" "$@" 2>/dev/null; then
        ipt -A "$CHAIN" "$@" || fail "iptables refused: $*"
    fi
}

resolve() {
    case "$1" in
        */*|[0-9]*.[0-9]*.[0-9]*.[0-9]*) printf '%s\n' "$1" ;;
        *) getent ahostsv4 "$1" | awk '{print $1}' | sort -u ;;
    esac
}

[ -r "$ALLOWLIST" ] || fail "allowlist $ALLOWLIST not readable"
command -v iptables >/dev/null 2>&1 || fail "iptables not installed"

say "creating chain $CHAIN"
ipt -N "$CHAIN" 2>/dev/null || say "chain $CHAIN already exists"

# loopback and established traffic first
ensure_rule -o lo -j ACCEPT
ensure_rule -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT

count=0
while read -r target proto port rest; do
    case "$target" in ''|\#*) continue ;; esac
    for addr in $(resolve "$target"); do
        ensure_rule -d "$addr" -p "$proto" --dport "$port" -j ACCEPT
        count=$((count + 1))
    done
done < "$ALLOWLIST"
say "$count allow rule(s) in place"

ensure_rule -m limit --limit 6/min -j LOG --log-prefix "$LOGPREFIX"
ensure_rule -j REJECT --reject-with icmp-admin-prohibited

if ! ipt -C OUTPUT -j "$CHAIN" 2>/dev/null; then
    say "hooking $CHAIN into OUTPUT"
    ipt -I OUTPUT 1 -j "$CHAIN"
fi

# tills have no business routing packets or accepting redirects
$SUDO sysctl -q -w net.ipv4.ip_forward=0
$SUDO sysctl -q -w net.ipv4.conf.all.accept_redirects=0
$SUDO sysctl -q -w net.ipv4.conf.all.send_redirects=0

say "saving rules to $RULES_FILE"
$SUDO mkdir -p "$(dirname "$RULES_FILE")"
$SUDO iptables-save | $SUDO tee "$RULES_FILE" >/dev/null || fail "could not save rules"
$SUDO chmod 0600 "$RULES_FILE"

say "current $CHAIN:"
ipt -S "$CHAIN"
