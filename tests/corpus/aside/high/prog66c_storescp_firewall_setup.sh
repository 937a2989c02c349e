#!/usr/bin/env bash
# Bring up a DCMTK storescp receiver for the modality subnet on this
# workstation: writes the storescp config, lets the modalities reach the
# port through the host firewall and starts the receiver in the background.
#
#   storescp_firewall_setup.sh [-p PORT] [-a AETITLE] [-s SUBNET] [-d DIR]
#
# Settings may also come from ./storescp.env.

set -euo pipefail

PORT=11112
AET="LABSTORE"
SUBNET="10.40.12.0/24"
STORE_DIR="./dicom_in"
[[ -f ./storescp.env ]] && source ./storescp.env

usage() { sed -n '2,9p' "$0"; }

while getopts ":p:a:s:d:h" o; do
    case "$o" in
        p) PORT="$OPTARG" ;;
        a) AET="$OPTARG" ;;
        s) SUBNET="$OPTARG" ;;
        d) STORE_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

LOG="./storescp-setup.log"
exec > >(tee -a "$LOG") 2>&1
echo "== $(date -Is) setting up storescp $AET on port $PORT for $SUBNET"

require() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing $1 (install $2)"; exit 1; }
}
require storescp dcmtk
require iptables iptables

if [[ $EUID -eq 0 ]]; then AS_ROOT=(); else AS_ROOT=(sudo -n); fi

write_config() {
    mkdir -p "$STORE_DIR" ./storescp
    cat > ./storescp/storescp.cfg <<EOF
# generated $(date -Is)
AETITLE=$AET
PORT=$PORT
OUTPUT=$STORE_DIR
SORT=--sort-on-study-uid
EOF
}

firewall_rule_present() {
    "${AS_ROOT[@]}" iptables -C INPUT -p tcp -s "$SUBNET" --dport "$PORT" \
        -m comment --comment "storescp-$AET" -j ACCEPT 2>/dev/null
}

open_port() {
    if firewall_rule_present; then
        echo "firewall rule already present"
        return
    fi
    local attempt
    for attempt in 1 2 3; do
        if "${AS_ROOT[@]}" iptables -I INPUT 1 -p tcp -s "$SUBNET" --dport "$PORT" \
               -m conntrack --ctstate NEW -m comment --comment "storescp-$AET" -j ACCEPT; then
            echo "opened tcp/$PORT for $SUBNET"
            return
        fi
        echo "iptables attempt $attempt failed, retrying"
        sleep 2
    done
    echo "could not add firewall rule; modalities outside this host will not connect"
}

start_receiver() {
    if [[ -f ./storescp/storescp.pid ]] && kill -0 "$(cat ./storescp/storescp.pid)" 2>/dev/null; then
        echo "storescp already running (pid $(cat ./storescp/storescp.pid))"
        return
    fi
    nohup storescp --aetitle "$AET" --output-directory "$STORE_DIR" \
        --sort-on-study-uid study --eostudy-timeout 60 \
        --log-level info "$PORT" > ./storescp/storescp.out 2>&1 &
    echo $! > ./storescp/storescp.pid
    sleep 1
    if kill -0 "$(cat ./storescp/storescp.pid)" 2>/dev/null; then
        echo "storescp running, pid $(cat ./storescp/storescp.pid)"
    else
        echo "storescp exited; see ./storescp/storescp.out"
        exit 1
    fi
}

write_config
open_port
start_receiver

if command -v echoscu >/dev/null 2>&1; then
    echoscu -aet SETUPCHK -aec "$AET" localhost "$PORT" && echo "C-ECHO ok"
fi
