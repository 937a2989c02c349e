#!/usr/bin/env bash
# cups-queue-provision: create/refresh print queues on a branch print server
# from the central printers.csv (name,uri,model,location,default_opts).
#
#   ./prog76c_cups_queue_provision.sh printers.csv
#   ./prog76c_cups_queue_provision.sh -p policy/cupsd-branch.conf printers.csv
set -euo pipefail

SUDO=${SUDO:-sudo}
POLICY=""
PRUNE=0
DEFAULT_QUEUE=""
CHANGED=0

msg() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

usage() {
    echo "usage: ${0##*/} [-p cupsd.conf] [-d default-queue] [--prune] printers.csv"
}

while [[ $# -gt 0 ]]; do
    case $1 in
        -p) POLICY=$2; shift 2 ;;
        -d) DEFAULT_QUEUE=$2; shift 2 ;;
        --prune) PRUNE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        --) shift; break ;;
        -*) usage >&2; exit 64 ;;
        *) break ;;
    esac
done
CSV=${1:-printers.csv}
[[ -r $CSV ]] || { echo "cannot read $CSV" >&2; exit 66; }

command -v lpadmin >/dev/null || { echo "cups-client not installed" >&2; exit 69; }

existing_queues() {
    lpstat -v 2>/dev/null | sed -n 's/^device for \([^:]*\):.*/\1/p'
}

queue_uri() {
    lpstat -v "$1" 2>/dev/null | sed -n 's/^device for [^:]*: //p'
}

add_queue() {
    local name=$1 uri=$2 model=$3 location=$4 opts=$5
    local -a cmd=(lpadmin -p "$name" -E -v "$uri" -L "$location" -o printer-is-shared=false)
    case $model in
        everywhere|"") cmd+=(-m everywhere) ;;
        *.ppd|*.ppd.gz) cmd+=(-P "$model") ;;
        *) cmd+=(-m "$model") ;;
    esac
    if [[ $(queue_uri "$name") == "$uri" ]]; then
        msg "$name unchanged"
    else
        msg "configuring $name -> $uri"
        $SUDO "${cmd[@]}"
        CHANGED=1
    fi
    if [[ -n $opts ]]; then
        local o
        IFS=';' read -ra o <<<"$opts"
        for kv in "${o[@]}"; do
            $SUDO lpadmin -p "$name" -o "$kv"
        done
    fi
    $SUDO cupsenable "$name"
    $SUDO cupsaccept "$name"
}

install_policy() {
    local src=$1 dst=/etc/cups/cupsd.conf
    if $SUDO cmp -s "$src" "$dst"; then
        msg "cupsd.conf already current"
        return
    fi
    msg "installing $src as $dst"
    $SUDO cp -p "$dst" "$dst.$(date +%Y%m%d%H%M%S)"
    $SUDO install -o root -g lp -m 0640 "$src" "$dst"
    $SUDO cupsd -t -c "$dst" || { warn "new cupsd.conf fails syntax check"; exit 1; }
    CHANGED=1
}

declare -A wanted=()
while IFS=, read -r name uri model location opts; do
    [[ -z $name || $name == \#* || $name == name ]] && continue
    wanted[$name]=1
    add_queue "$name" "$uri" "$model" "$location" "${opts:-}"
done <"$CSV"

if (( PRUNE )); then
    for q in $(existing_queues); do
        if [[ -z ${wanted[$q]:-} ]]; then
            msg "removing queue $q (not in $CSV)"
            $SUDO lpadmin -x "$q"
            CHANGED=1
        fi
    done
fi

[[ -n $POLICY ]] && install_policy "$POLICY"

if [[ -n $DEFAULT_QUEUE ]]; then
    msg "default destination: $DEFAULT_QUEUE"
    $SUDO lpadmin -d "$DEFAULT_QUEUE"
    echo "Default $DEFAULT_QUEUE" | $SUDO tee /etc/cups/lpoptions >/dev/null
fi

if (( CHANGED )); then
    msg "restarting cups"
    $SUDO systemctl restart cups.service
    sleep 2
    systemctl is-active --quiet cups.service || warn "cups did not come back up"
fi

lpstat -t | sed -n '1,40p'
