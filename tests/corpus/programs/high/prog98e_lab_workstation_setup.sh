#!/usr/bin/env bash
# lab_workstation_setup.sh - provision a bootcamp lab workstation.
#
# Installs the course toolchain, creates student accounts from a roster
# (one username per line), hardens sshd for password-less access and enables
# the host firewall. Supports Ubuntu 22.04/24.04. Run as a sudoer.
#
# usage: lab_workstation_setup.sh [ROSTER] [--skip-packages]
set -euo pipefail

ROSTER="${1:-students.txt}"
SKIP_PACKAGES=0
[ "${2:-}" = "--skip-packages" ] && SKIP_PACKAGES=1
COURSE_GROUP="${COURSE_GROUP:-cohort}"
CRED_FILE="$PWD/initial_credentials.txt"
PACKAGES=(git build-essential python3-venv python3-pip nodejs npm sqlite3
          postgresql-client openssh-server ufw tmux vim curl jq)

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

preflight() {
  . /etc/os-release
  case "${ID}:${VERSION_ID}" in
    ubuntu:22.04|ubuntu:24.04) log "detected $PRETTY_NAME" ;;
    *) warn "untested distribution $PRETTY_NAME, continuing" ;;
  esac
  [ -f "$ROSTER" ] || { warn "roster $ROSTER not found"; exit 1; }
  $SUDO -v
}

install_packages() {
  [ "$SKIP_PACKAGES" -eq 1 ] && { log "skipping package install"; return; }
  log "installing ${#PACKAGES[@]} packages"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${PACKAGES[@]}"
}

create_accounts() {
  getent group "$COURSE_GROUP" >/dev/null || $SUDO groupadd "$COURSE_GROUP"
  : > "$CRED_FILE"
  chmod 600 "$CRED_FILE"
  local user pass created=0
  while read -r user; do
    user="${user%%#*}"; user="${user// /}"
    [ -n "$user" ] || continue
    if id "$user" >/dev/null 2>&1; then
      $SUDO usermod -aG "$COURSE_GROUP" "$user"
      continue
    fi
    pass=$(openssl rand -base64 12 | tr -d '/+=' | cut -c1-14)
    $SUDO useradd -m -s /bin/bash -G "$COURSE_GROUP" "$user"
    echo "$user:$pass" | $SUDO chpasswd
    $SUDO chage -d 0 "$user"
    printf '%s\t%s\n' "$user" "$pass" >> "$CRED_FILE"
    created=$((created + 1))
  done < "$ROSTER"
  log "$created accounts created, initial passwords in $CRED_FILE"
}

configure_ssh() {
  log "configuring sshd"
  $SUDO tee /etc/ssh/sshd_config.d/60-bootcamp-lab.conf >/dev/null <<EOF
PermitRootLogin no
PasswordAuthentication yes
MaxAuthTries 4
AllowGroups $COURSE_GROUP sudo
ClientAliveInterval 300
EOF
  $SUDO sshd -t
  $SUDO systemctl restart ssh
}

configure_firewall() {
  log "enabling ufw"
  $SUDO ufw default deny incoming
  $SUDO ufw default allow outgoing
  $SUDO ufw allow OpenSSH
  $SUDO ufw allow 3000:3010/tcp comment 'student dev servers'
  $SUDO ufw --force enable
}

write_motd() {
  $SUDO tee /etc/motd >/dev/null <<'EOF'
Welcome to the bootcamp lab. Your work lives in ~/projects.
Dev servers: use ports 3000-3010. Ask in #lab-help if something is broken.
EOF
}

preflight
install_packages
create_accounts
configure_ssh
configure_firewall
write_motd
log "workstation ready"
