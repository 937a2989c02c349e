"""Nightly OS patching: an APScheduler cron job runs an ansible playbook
through ansible-runner with privilege escalation (become: root) against the
inventory, then writes a short local summary."""
import json
import logging
from datetime import datetime
from pathlib import Path

import ansible_runner
from apscheduler.schedulers.blocking import BlockingScheduler
from apscheduler.triggers.cron import CronTrigger

log = logging.getLogger("patcher")

BASE = Path(__file__).resolve().parent
PRIVATE_DATA = BASE / "runner"
INVENTORY = BASE / "inventory.ini"
REPORTS = BASE / "reports"

PLAYBOOK = [
    {
        "name": "Patch and harden hosts",
        "hosts": "all",
        "become": True,
        "become_user": "root",
        "become_method": "sudo",
        "gather_facts": True,
        "tasks": [
            {"name": "Refresh apt cache and upgrade",
             "ansible.builtin.apt": {"update_cache": True, "upgrade": "dist", "autoremove": True}},
            {"name": "Ensure chrony is installed",
             "ansible.builtin.apt": {"name": "chrony", "state": "present"}},
            {"name": "Set sshd PermitRootLogin no",
             "ansible.builtin.lineinfile": {"path": "/etc/ssh/sshd_config",
                                            "regexp": "^#?PermitRootLogin",
                                            "line": "PermitRootLogin no",
                                            "validate": "/usr/sbin/sshd -t -f %s"},
             "notify": "restart sshd"},
            {"name": "Check if reboot is required",
             "ansible.builtin.stat": {"path": "/var/run/reboot-required"},
             "register": "reboot_flag"},
            {"name": "Reboot when the kernel changed",
             "ansible.builtin.reboot": {"reboot_timeout": 900},
             "when": "reboot_flag.stat.exists"},
        ],
        "handlers": [
            {"name": "restart sshd",
             "ansible.builtin.systemd": {"name": "ssh", "state": "restarted"}},
        ],
    }
]


def run_patch_cycle() -> dict:
    PRIVATE_DATA.mkdir(exist_ok=True)
    result = ansible_runner.run(
        private_data_dir=str(PRIVATE_DATA),
        playbook=PLAYBOOK,
        inventory=str(INVENTORY),
        forks=10,
        quiet=True,
        extravars={"ansible_become": True},
        cmdline="--diff",
    )
    summary = {
        "finished": datetime.now().isoformat(timespec="seconds"),
        "status": result.status,
        "rc": result.rc,
        "stats": result.stats,
    }
    failed_hosts = sorted((result.stats or {}).get("failures", {}).keys())
    if failed_hosts:
        log.warning("patching failed on %s", ", ".join(failed_hosts))
    return summary


def nightly_job() -> None:
    summary = run_patch_cycle()
    REPORTS.mkdir(exist_ok=True)
    out = REPORTS / f"patch-{datetime.now():%Y%m%d}.json"
    out.write_text(json.dumps(summary, indent=2, default=str))
    log.info("patch cycle %s (rc=%s) -> %s", summary["status"], summary["rc"], out.name)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    scheduler = BlockingScheduler()
    scheduler.add_job(nightly_job, CronTrigger(hour=2, minute=30), id="patch",
                      max_instances=1, misfire_grace_time=3600)
    log.info("patch scheduler started; next run at 02:30")
    scheduler.start()


if __name__ == "__main__":
    main()
