#!/usr/bin/env bash
# Add per-source connection rate limits in front of public service ports.
# Rules come from ./ratelimit.rules ("<port> <proto> <conn-per-minute> <burst>").
# Existing rules are checked with -C first so re-running is idempotent.
set -euo pipefail

RULES_FILE="${1:-./ratelimit.rules}"
CHAIN="RATE_LIMIT_IN"
PERSIST="/etc/iptables/rules.v4"
IPT=(sudo iptables -w 5)

say() { printf '[ratelimit] %s\n' "$*"; }

[[ -r $RULES_FILE ]] || { say "missing $RULES_FILE"; exit 1; }

ensure_rule() {
    # ensure_rule <table-args...> : append only if not already present
    if ! "${IPT[@]}" -C "$@" 2>/dev/null; then
        "${IPT[@]}" -A "$@"
        say "added: $*"
        (( ++added ))
    fi
}

added=0
"${IPT[@]}" -n -L "$CHAIN" > /dev/null 2>&1 || {
    "${IPT[@]}" -N "$CHAIN"
    say "created chain $CHAIN"
}

# Jump into our chain for new inbound connections only.
ensure_rule INPUT -m conntrack --ctstate NEW -j "$CHAIN"

lineno=0
while read -r port proto rate burst comment; do
    (( ++lineno ))
    [[ -z $port || $port == \#* ]] && continue
    if [[ ! $port =~ ^[0-9]+(:[0-9]+)?$ || ! $proto =~ ^(tcp|udp)$ || ! $rate =~ ^[0-9]+$ ]]; then
        say "line $lineno: cannot parse, skipped"
        continue
    fi
    burst=${burst:-$(( rate * 2 ))}
    name="rl_${proto}_${port//:/_}"

    # Accept while under the limit, then drop the excess for this source.
    ensure_rule "$CHAIN" -p "$proto" --dport "$port" \
        -m hashlimit --hashlimit-mode srcip --hashlimit-name "$name" \
        --hashlimit-upto "$rate/minute" --hashlimit-burst "$burst" \
        -m comment --comment "${comment:-$name}" -j RETURN
    ensure_rule "$CHAIN" -p "$proto" --dport "$port" \
        -m comment --comment "${comment:-$name} over limit" -j DROP
done < <(sed 's/[[:space:]]*#.*$//' "$RULES_FILE" | grep -v '^[[:space:]]*$' || true)

say "$added rules added"

# Show what the chain looks like now, with packet counters.
"${IPT[@]}" -n -v -L "$CHAIN" --line-numbers | tee ./ratelimit-chain.txt

if (( added > 0 )); then
    sudo mkdir -p "${PERSIST%/*}"
    sudo iptables-save | sudo tee "$PERSIST" > /dev/null
    say "saved rules to $PERSIST"
fi
