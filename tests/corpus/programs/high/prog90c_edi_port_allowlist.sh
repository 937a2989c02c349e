#!/bin/sh
# Allow the parts suppliers' EDI servers to reach the SFTP drop on the
# workshop server (they push delivery notes and invoices overnight).
#
# suppliers.list has one line per supplier:
#     <name> <cidr> [port]
# Anything not listed stays blocked by the default INPUT policy.
#
# Usage: edi_port_allowlist.sh [-l suppliers.list] [-p 2222] [--remove]

LIST=./suppliers.list
PORT=2222
ACTION=add
CHAIN=EDI_SUPPLIERS

while [ $# -gt 0 ]; do
    case $1 in
        -l) LIST=$2; shift 2 ;;
        -p) PORT=$2; shift 2 ;;
        --remove) ACTION=remove; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

SUDO=
[ "$(id -u)" -ne 0 ] && SUDO=sudo
IPT="$SUDO iptables -w 5"

msg() { logger -t edi-allowlist "$*" 2>/dev/null; echo "$*"; }

valid_cidr() {
    echo "$1" | grep -Eq '^([0-9]{1,3}\.){3}[0-9]{1,3}(/[0-9]{1,2})?$'
}

ensure_chain() {
    $IPT -N "$CHAIN" 2>/dev/null || true
    if ! $IPT -C INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null; then
        $IPT -I INPUT -p tcp --dport "$PORT" -j "$CHAIN"
        msg "hooked $CHAIN into INPUT for tcp/$PORT"
    fi
}

remove_chain() {
    $IPT -D INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null
    $IPT -F "$CHAIN" 2>/dev/null
    $IPT -X "$CHAIN" 2>/dev/null
    msg "removed $CHAIN"
}

if [ "$ACTION" = remove ]; then
    remove_chain
    exit 0
fi

[ -r "$LIST" ] || { echo "cannot read $LIST" >&2; exit 1; }

ensure_chain
$IPT -F "$CHAIN"

n=0
while read -r name cidr port; do
    case $name in ''|\#*) continue ;; esac
    if ! valid_cidr "$cidr"; then
        msg "skip $name: bad address $cidr"
        continue
    fi
    p=${port:-$PORT}
    $IPT -A "$CHAIN" -s "$cidr" -p tcp --dport "$p" \
        -m comment --comment "edi:$name" -j ACCEPT
    n=$((n + 1))
done < "$LIST"

$IPT -A "$CHAIN" -p tcp --dport "$PORT" -j LOG --log-prefix "edi-drop: " --log-level 4
$IPT -A "$CHAIN" -p tcp --dport "$PORT" -j DROP

if command -v netfilter-persistent >/dev/null 2>&1; then
    $SUDO netfilter-persistent save >/dev/null && msg "rules saved"
fi
msg "allowed $n supplier ranges on tcp/$PORT"
