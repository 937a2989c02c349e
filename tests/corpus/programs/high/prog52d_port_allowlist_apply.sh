#!/bin/sh
# Open the service ports listed in ports.allow on this host's firewall.
# Each line "<proto> <port> <source-cidr> <comment>" becomes one iptables
# ACCEPT rule inserted into the INPUT chain; existing rules are kept and
# duplicates are skipped via `iptables -C`.
set -eu

ALLOW_FILE="${1:-ports.allow}"
CHAIN="${CHAIN:-INPUT}"
TAG="svc-allow"
DRY=${DRY:-0}

if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi

log() { echo "[allowlist] $*" >&2; }

[ -r "$ALLOW_FILE" ] || { log "cannot read $ALLOW_FILE"; exit 1; }

valid_port() {
    case "$1" in
        ''|*[!0-9]*) return 1 ;;
    esac
    [ "$1" -ge 1 ] && [ "$1" -le 65535 ]
}

build_rule() {
    # $1 proto, $2 port, $3 source, $4 comment -> rule spec on stdout
    printf -- '-p %s -s %s --dport %s -m conntrack --ctstate NEW -m comment --comment %s-%s -j ACCEPT' \
        "$1" "$3" "$2" "$TAG" "$4"
}

added=0
skipped=0
while read -r proto port src comment; do
    case "$proto" in ''|'#'*) continue ;; esac
    case "$proto" in tcp|udp) ;; *) log "bad proto '$proto'"; continue ;; esac
    valid_port "$port" || { log "bad port '$port'"; continue; }
    src=${src:-0.0.0.0/0}
    comment=$(printf '%s' "${comment:-$port}" | tr -c 'A-Za-z0-9_-' '_')

    rule=$(build_rule "$proto" "$port" "$src" "$comment")
    # shellcheck disable=SC2086
    if $SUDO iptables -C "$CHAIN" $rule 2>/dev/null; then
        skipped=$((skipped + 1))
        continue
    fi
    if [ "$DRY" = 1 ]; then
        echo "iptables -I $CHAIN $rule"
        continue
    fi
    # shellcheck disable=SC2086
    $SUDO iptables -I "$CHAIN" 1 $rule
    log "opened $proto/$port from $src"
    added=$((added + 1))
done < "$ALLOW_FILE"

log "$added rule(s) added, $skipped already present"
$SUDO iptables -S "$CHAIN" | grep -c -- "$TAG" >/dev/null || true
