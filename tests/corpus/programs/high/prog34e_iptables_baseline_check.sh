#!/bin/bash
# Host firewall baseline check (CIS 3.5.3 iptables).
#
# Verifies that the INPUT chain contains the required loopback, established
# and SSH rules and that the default policy is DROP.  With -f, inserts any
# missing baseline rules and persists the ruleset to /etc/iptables/rules.v4.
# Existing rules are never removed.

set -u

FIX=0
SSH_PORT=22
MGMT_NET="10.20.0.0/16"
RULES_FILE="/etc/iptables/rules.v4"
IPT=$(command -v iptables || echo /usr/sbin/iptables)

while getopts "fp:n:" o; do
    case $o in
        f) FIX=1 ;;
        p) SSH_PORT=$OPTARG ;;
        n) MGMT_NET=$OPTARG ;;
        *) echo "usage: $0 [-f] [-p ssh_port] [-n mgmt_cidr]" >&2; exit 64 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    echo "must run as root (iptables needs CAP_NET_ADMIN)" >&2
    exit 2
fi

# "<description>;<rule spec as in iptables -S, without -A INPUT>"
REQUIRED_RULES=(
    "loopback accept;-i lo -j ACCEPT"
    "loopback spoof drop;-s 127.0.0.0/8 ! -i lo -j DROP"
    "established accept;-m state --state RELATED,ESTABLISHED -j ACCEPT"
    "ssh from mgmt;-s ${MGMT_NET} -p tcp -m tcp --dport ${SSH_PORT} -j ACCEPT"
)

missing=0
fixed=0
report() { printf '%-6s %s\n' "$1" "$2"; }

current=$($IPT -S INPUT 2>/dev/null)
if [ -z "$current" ]; then
    echo "cannot list INPUT chain" >&2
    exit 3
fi

position=1
for entry in "${REQUIRED_RULES[@]}"; do
    desc=${entry%%;*}
    spec=${entry#*;}
    # shellcheck disable=SC2086
    if $IPT -C INPUT $spec 2>/dev/null; then
        report PASS "$desc"
    else
        report FAIL "$desc (missing: $spec)"
        missing=$((missing + 1))
        if [ $FIX -eq 1 ]; then
            # shellcheck disable=SC2086
            if $IPT -I INPUT "$position" $spec; then
                report FIXED "$desc"
                fixed=$((fixed + 1))
            else
                report ERROR "could not insert rule for $desc"
            fi
        fi
    fi
    position=$((position + 1))
done

policy=$(echo "$current" | awk '$1=="-P" && $2=="INPUT" {print $3}')
if [ "$policy" = "DROP" ]; then
    report PASS "default INPUT policy DROP"
else
    report FAIL "default INPUT policy is $policy"
    missing=$((missing + 1))
    if [ $FIX -eq 1 ]; then
        # only safe once the ssh accept rule is in place
        if $IPT -C INPUT -s "$MGMT_NET" -p tcp -m tcp --dport "$SSH_PORT" -j ACCEPT 2>/dev/null; then
            $IPT -P INPUT DROP && report FIXED "default INPUT policy DROP" && fixed=$((fixed + 1))
        else
            report SKIP "not setting DROP policy without ssh rule"
        fi
    fi
fi

if [ $fixed -gt 0 ]; then
    mkdir -p "$(dirname "$RULES_FILE")"
    cp -p "$RULES_FILE" "${RULES_FILE}.$(date +%Y%m%d%H%M%S)" 2>/dev/null || true
    iptables-save > "$RULES_FILE"
    chmod 0600 "$RULES_FILE"
    echo "persisted ruleset to $RULES_FILE"
fi

echo "summary: $missing deviation(s), $fixed fixed"
[ $((missing - fixed)) -eq 0 ]
