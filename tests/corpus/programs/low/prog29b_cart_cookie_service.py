"""Shopping-cart microservice for the storefront prototype.

Cart state lives entirely in a signed client-side cookie so that the
service can be scaled without a shared store.  The cookie carries plain
JSON plus an HMAC-SHA256 tag.  Run with:

    uvicorn prog29b_cart_cookie_service:app --port 8081
"""
import base64
import hashlib
import hmac
import json
import logging
import os
from dataclasses import asdict, dataclass, field
from typing import Dict, Optional

from fastapi import FastAPI, HTTPException, Request, Response
from pydantic import BaseModel

COOKIE_NAME = "cart"
SIGNING_KEY = os.environ.get("CART_SIGNING_KEY", "dev-only-key").encode()
MAX_LINES = 50

logger = logging.getLogger("cart")
app = FastAPI(title="cart-service")


@dataclass
class Cart:
    owner: Optional[str] = None
    lines: Dict[str, int] = field(default_factory=dict)
    coupon: Optional[str] = None

    def add(self, sku: str, qty: int) -> None:
        if len(self.lines) >= MAX_LINES and sku not in self.lines:
            raise ValueError("cart full")
        self.lines[sku] = self.lines.get(sku, 0) + qty
        if self.lines[sku] <= 0:
            del self.lines[sku]

    def total_items(self) -> int:
        return sum(self.lines.values())

    @classmethod
    def from_dict(cls, data: dict) -> "Cart":
        lines = {str(k): int(v) for k, v in dict(data.get("lines", {})).items()}
        owner = data.get("owner")
        coupon = data.get("coupon")
        return cls(
            owner=str(owner) if owner is not None else None,
            lines=lines,
            coupon=str(coupon) if coupon is not None else None,
        )


class LineIn(BaseModel):
    sku: str
    qty: int = 1


class CouponIn(BaseModel):
    code: str


def _sign(blob: bytes) -> str:
    return hmac.new(SIGNING_KEY, blob, hashlib.sha256).hexdigest()


def dump_cart(cart: Cart) -> str:
    blob = json.dumps(asdict(cart), separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(blob).decode() + "." + _sign(blob)


def load_cart(raw: Optional[str]) -> Cart:
    if not raw or "." not in raw:
        return Cart()
    encoded, sig = raw.rsplit(".", 1)
    try:
        blob = base64.urlsafe_b64decode(encoded.encode())
    except (ValueError, TypeError):
        logger.warning("undecodable cart cookie")
        return Cart()
    if not hmac.compare_digest(sig, _sign(blob)):
        logger.warning("bad cart signature")
        return Cart()
    try:
        return Cart.from_dict(json.loads(blob))
    except (ValueError, TypeError, AttributeError):
        logger.warning("malformed cart payload")
        return Cart()


def save(response: Response, cart: Cart) -> None:
    response.set_cookie(
        COOKIE_NAME,
        dump_cart(cart),
        httponly=True,
        samesite="lax",
        max_age=7 * 24 * 3600,
    )


@app.get("/cart")
def get_cart(request: Request):
    cart = load_cart(request.cookies.get(COOKIE_NAME))
    return {"lines": cart.lines, "items": cart.total_items(), "coupon": cart.coupon}


@app.post("/cart/lines")
def add_line(line: LineIn, request: Request, response: Response):
    cart = load_cart(request.cookies.get(COOKIE_NAME))
    try:
        cart.add(line.sku, line.qty)
    except ValueError as exc:
        raise HTTPException(status_code=409, detail=str(exc))
    save(response, cart)
    return {"items": cart.total_items()}


@app.post("/cart/coupon")
def apply_coupon(body: CouponIn, request: Request, response: Response):
    cart = load_cart(request.cookies.get(COOKIE_NAME))
    code = body.code.strip().upper()
    if not code.isalnum() or len(code) > 16:
        raise HTTPException(status_code=422, detail="invalid coupon")
    cart.coupon = code
    save(response, cart)
    return {"coupon": code}


@app.delete("/cart")
def clear_cart(response: Response):
    response.delete_cookie(COOKIE_NAME)
    return {"cleared": True}


if __name__ == "__main__":
    import uvicorn

    logging.basicConfig(level=logging.INFO)
    uvicorn.run(app, host="127.0.0.1", port=8081)
