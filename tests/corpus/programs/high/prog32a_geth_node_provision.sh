#!/usr/bin/env bash
# Provision an Ethereum execution client (geth) on an Ubuntu host used by
# the payments team to watch incoming USDC/ETH deposits.
#
# - installs geth system-wide from the official Ethereum PPA
# - creates a dedicated "geth" system user and data directory
# - writes /etc/geth/config.toml
#
# Usage: sudo-capable operator runs ./geth_provision.sh [--network mainnet|sepolia]
set -euo pipefail

NETWORK="mainnet"
DATADIR="/var/lib/geth"
CONF_DIR="/etc/geth"
HTTP_PORT=8545
CACHE_MB=4096

while [ $# -gt 0 ]; do
    case "$1" in
        --network) NETWORK="$2"; shift 2 ;;
        --cache)   CACHE_MB="$2"; shift 2 ;;
        --datadir) DATADIR="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

case "$NETWORK" in
    mainnet) NETWORK_ID=1 ;;
    sepolia) NETWORK_ID=11155111 ;;
    *) echo "unsupported network: $NETWORK" >&2; exit 1 ;;
esac

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

check_os() {
    if [ ! -r /etc/os-release ]; then
        echo "cannot determine OS" >&2; exit 1
    fi
    . /etc/os-release
    if [ "${ID:-}" != "ubuntu" ]; then
        echo "this script supports Ubuntu only (found ${ID:-unknown})" >&2
        exit 1
    fi
}

check_disk() {
    local need_gb=$1 avail_gb
    avail_gb=$(df -BG --output=avail "$(dirname "$DATADIR")" | tail -1 | tr -dc '0-9')
    if [ "$avail_gb" -lt "$need_gb" ]; then
        echo "warning: only ${avail_gb}G free, ${need_gb}G recommended for $NETWORK" >&2
    fi
}

install_geth() {
    if command -v geth >/dev/null 2>&1; then
        info "geth already installed: $(geth version | awk '/^Version:/ {print $2}')"
        return
    fi
    info "adding ppa:ethereum/ethereum"
    sudo apt-get update -qq
    sudo apt-get install -y -qq software-properties-common
    sudo add-apt-repository -y ppa:ethereum/ethereum
    sudo apt-get update -qq
    info "installing geth"
    sudo apt-get install -y -qq ethereum
}

create_user() {
    if id geth >/dev/null 2>&1; then
        info "user geth exists"
    else
        info "creating system user geth"
        sudo useradd --system --home-dir "$DATADIR" --shell /usr/sbin/nologin geth
    fi
    sudo install -d -o geth -g geth -m 0750 "$DATADIR"
}

write_config() {
    info "writing ${CONF_DIR}/config.toml"
    sudo install -d -m 0755 "$CONF_DIR"
    sudo tee "${CONF_DIR}/config.toml" >/dev/null <<EOF
# managed by geth_provision.sh - local edits will be overwritten
[Eth]
NetworkId = ${NETWORK_ID}
SyncMode = "snap"
DatabaseCache = ${CACHE_MB}

[Node]
DataDir = "${DATADIR}"
HTTPHost = "127.0.0.1"
HTTPPort = ${HTTP_PORT}
HTTPModules = ["eth", "net", "web3"]
IPCPath = "geth.ipc"

[Node.P2P]
MaxPeers = 50
EOF
    sudo chown root:geth "${CONF_DIR}/config.toml"
    sudo chmod 0640 "${CONF_DIR}/config.toml"
}

check_os
if [ "$NETWORK" = "mainnet" ]; then check_disk 1200; else check_disk 300; fi
install_geth
create_user
write_config

info "done. Start the node with:"
echo "  sudo -u geth geth --config ${CONF_DIR}/config.toml"
