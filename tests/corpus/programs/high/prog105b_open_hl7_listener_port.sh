#!/bin/sh
# open_hl7_listener_port.sh
#
# The hearing-aid fitting logger receives HL7 v2 ADT/ORU messages over MLLP
# from the trust integration engine.  After a rebuild the audiology server's
# host firewall drops that traffic, so this adds (idempotently) an accept
# rule limited to the integration engine subnets and saves it so it
# survives a reboot.
#
# Config: ./hl7_listener.conf (shell syntax) may override PORT, SOURCES,
#         CHAIN and SAVE_FILE.

set -e

PORT=2575
SOURCES="10.40.12.0/24 10.40.13.0/24"
CHAIN="INPUT"
SAVE_FILE="/etc/iptables/rules.v4"
COMMENT="hl7-mllp-fitting-logger"
CONF="./hl7_listener.conf"

[ -r "$CONF" ] && . "$CONF"

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT="sudo"
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT="doas"
else
    echo "need root, sudo or doas" >&2
    exit 1
fi

log() { logger -t open_hl7_port "$*" 2>/dev/null || true; echo "$*"; }

rule_args() {
    # $1 = source subnet
    echo "$CHAIN -p tcp -s $1 --dport $PORT -m conntrack --ctstate NEW -m comment --comment $COMMENT -j ACCEPT"
}

added=0
for src in $SOURCES; do
    # shellcheck disable=SC2046
    if $AS_ROOT iptables -C $(rule_args "$src") 2>/dev/null; then
        log "rule for $src:$PORT already present"
        continue
    fi
    # insert above the distro's final REJECT
    # shellcheck disable=SC2046
    $AS_ROOT iptables -I $(rule_args "$src" | sed "s/^$CHAIN/$CHAIN 1/")
    log "accepted $src -> tcp/$PORT"
    added=$((added + 1))
done

if [ "$added" -eq 0 ]; then
    log "no changes needed"
    exit 0
fi

if [ -d "$(dirname "$SAVE_FILE")" ]; then
    $AS_ROOT sh -c "iptables-save > '$SAVE_FILE.new' && mv '$SAVE_FILE.new' '$SAVE_FILE'"
    log "saved ruleset to $SAVE_FILE"
elif command -v netfilter-persistent >/dev/null 2>&1; then
    $AS_ROOT netfilter-persistent save
    log "saved ruleset with netfilter-persistent"
else
    log "WARNING: ruleset not persisted; rules will be lost on reboot"
fi

# quick self-check: is anything listening?
if command -v ss >/dev/null 2>&1; then
    if ss -ltn "sport = :$PORT" | grep -q LISTEN; then
        log "fitting logger is listening on $PORT"
    else
        log "nothing listening on $PORT yet; start the fitting logger"
    fi
fi
