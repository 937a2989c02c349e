#!/usr/bin/env python3
"""Start a local Selenium standalone Chrome container and scrape through it.

The container is started through the Docker Engine socket. Chrome's sandbox
needs extra kernel features inside the container, so it runs privileged.
"""
import argparse
import contextlib
import logging
import time

import docker
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

log = logging.getLogger("grid-runner")
DOCKER_SOCK = "unix:///var/run/docker.sock"
IMAGE = "selenium/standalone-chrome:4.21.0"


class GridContainer(contextlib.AbstractContextManager):
    def __init__(self, name="scrape-grid", port=4444):
        self.client = docker.DockerClient(base_url=DOCKER_SOCK)
        self.name = name
        self.port = port
        self.container = None

    def __enter__(self):
        with contextlib.suppress(docker.errors.NotFound):
            self.client.containers.get(self.name).remove(force=True)
        log.info("starting %s", IMAGE)
        self.container = self.client.containers.run(
            IMAGE,
            name=self.name,
            detach=True,
            privileged=True,
            shm_size="2g",
            ports={"4444/tcp": ("127.0.0.1", self.port)},
            environment={"SE_NODE_MAX_SESSIONS": "4"},
        )
        self._wait_ready()
        return self

    def _wait_ready(self, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            logs = self.container.logs(tail=50).decode(errors="replace")
            if "Started Selenium Standalone" in logs:
                return
            time.sleep(2)
        raise TimeoutError("grid did not become ready")

    def __exit__(self, *exc):
        if self.container is not None:
            self.container.remove(force=True)
            log.info("grid container removed")
        return False


def scrape_headlines(endpoint, url, selector):
    opts = webdriver.ChromeOptions()
    opts.add_argument("--headless=new")
    driver = webdriver.Remote(command_executor=endpoint, options=opts)
    try:
        driver.set_page_load_timeout(40)
        driver.get(url)
        return [el.text.strip() for el in driver.find_elements(By.CSS_SELECTOR, selector) if el.text.strip()]
    finally:
        driver.quit()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls", nargs="+")
    ap.add_argument("--selector", default="h2 a, h3 a")
    ap.add_argument("--port", type=int, default=4444)
    ap.add_argument("--out", default="headlines.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    endpoint = f"http://127.0.0.1:{args.port}/wd/hub"
    with GridContainer(port=args.port), open(args.out, "w", encoding="utf-8") as out:
        for url in args.urls:
            try:
                heads = scrape_headlines(endpoint, url, args.selector)
            except WebDriverException as exc:
                log.warning("failed on %s: %s", url, exc.msg)
                continue
            out.write(f"## {url}\n" + "\n".join(heads) + "\n\n")
            log.info("%s: %d headlines", url, len(heads))


if __name__ == "__main__":
    main()
