"""Team members: the people the account invites, with the roles they hold. Not in the vendor's documents.

The vendor's published documents do not describe these endpoints. Their shape is taken from the
official Terraform provider's client (its `bunnynet_account_subuser` resource), the one public client
that uses them:

- `POST /apikey/exchange` takes `{AccessKey}` and answers `{Token}`; the team endpoints take that
  token in the `Authorization` header instead of the `AccessKey` header.
- `GET /team/member` lists the members as a core page (`Items`, `CurrentPage`, `TotalItems`,
  `HasMoreItems`); `GET /team/member/{id}` reads one (404 when there is none).
- `POST /team/member` invites one (`FirstName`, `LastName`, `Email`, `Password`, `Roles`) and answers
  201 with the member; `POST /team/member/{id}` changes one (the same, without the password) and
  answers 204; `DELETE /team/member/{id}` removes one and answers 204 (404 when there is none).
- A member's `Roles` hold what it may do (`SubuserManage`: the account's zones; `SubuserBilling`,
  `SubuserSupport`, `SubuserAbuse`, `SubuserUsers`) and, in reads, `Subuser` itself, which the
  provider drops.

Ids are GUIDs. Members are fixtures under `team_members` (`{Email, FirstName, LastName, Roles}`; the
simulator adds `Id` and `Subuser`). Errors answer in the core API's legacy shape.
"""

import re
import secrets
from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import Field

from ..errors import ApiError, LegacyStyle, invalid
from ..ids import new_guid
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import ContractModel, documented_body, read_body
from .base import Area, state_of

INT32_MAX = 2**31 - 1
# What a member may be given, and what every member's read holds besides.
ROLES = ("SubuserManage", "SubuserBilling", "SubuserSupport", "SubuserAbuse", "SubuserUsers")
MEMBER_ROLE = "Subuser"
# The provider's checks of an email address and of a password, which the API makes as well.
EMAIL = re.compile(r"^[^@\s]+@[^.@\s]+\.[^@\s]*[^.@\s]$")
PASSWORD_RULES = ((re.compile(r"[a-z]"), "a lower-case letter"), (re.compile(r"[A-Z]"), "an upper-case letter"),
                  (re.compile(r"[0-9]"), "a digit"), (re.compile(r"[^a-zA-Z0-9]"), "a character other than a letter or a digit"))  # fmt: skip


async def require_team_token(request: Request) -> str:
    """The `Authorization` header must hold a token `POST /apikey/exchange` issued."""
    token = request.headers.get("authorization")
    if not token:
        raise ApiError(401, "The Authorization header is missing; exchange the API key for a token at /apikey/exchange.")
    state = state_of(request)
    with state.lock:
        known = token in state.team_tokens
    if not known or state.account_closed:
        raise ApiError(401, "The token is not valid.")
    return token


MEMBER_ID = Path(pattern="^[0-9A-Fa-f-]{1,36}$", description="The member's id, a GUID.")

exchange_router = APIRouter(tags=["Team"])
router = APIRouter(prefix="/team", tags=["Team"], dependencies=[Depends(require_team_token)])


class ExchangeRequest(ContractModel):
    AccessKey: str


class MemberRequest(ContractModel):
    FirstName: str = Field(min_length=1)
    LastName: str = Field(min_length=1)
    Email: str = Field(min_length=1)
    Password: Optional[str] = None
    Roles: List[str]


@exchange_router.post("/apikey/exchange", openapi_extra=documented_body(ExchangeRequest))
async def exchange_api_key(request: Request):
    """A token for the team endpoints, for a valid key; the token lasts until the simulator is reset."""
    body = await read_body(request, ExchangeRequest)
    state = state_of(request)
    with state.lock:
        if body.AccessKey not in state.known_keys or state.account_closed:
            raise ApiError(401, "The AccessKey is not valid.")
        token = "eyJ" + secrets.token_hex(24)
        state.team_tokens[token] = body.AccessKey
    return json_response({"Token": token})


def _member(given: Dict[str, Any]) -> Dict[str, Any]:
    roles = [role for role in given.get("Roles") or [] if role != MEMBER_ROLE]
    return {"Id": given.get("Id") or new_guid(), "FirstName": given.get("FirstName", ""), "LastName": given.get("LastName", ""),
            "Email": given["Email"], "Roles": [MEMBER_ROLE] + roles}  # fmt: skip


def fill_team_members(members: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    return [_member(member) for member in members]


def _find(state: SimulatorState, member_id: str) -> Dict[str, Any]:
    for member in state.team_members:
        if member["Id"] == member_id:
            return member
    raise ApiError(404, f"There is no team member {member_id}.", key="team.member_not_found")


def _check(body: MemberRequest) -> None:
    if not EMAIL.match(body.Email):
        raise invalid("Email", "The email address is not valid.")
    unknown = [role for role in body.Roles if role not in ROLES]
    if unknown:
        raise invalid("Roles", f"{unknown[0]} is not a role; the roles are {', '.join(ROLES)}.")
    if not body.Roles:
        raise invalid("Roles", "A team member needs at least one role.")


@router.get("/member")
async def list_members(request: Request, page: int = Query(default=1, ge=1, le=INT32_MAX), per_page: int = Query(default=1000, alias="perPage", ge=5, le=1000)):
    state = state_of(request)
    with state.lock:
        members = [dict(member) for member in state.team_members]
    start = (page - 1) * per_page
    return json_response({"Items": members[start : start + per_page], "CurrentPage": page, "TotalItems": len(members),
                          "HasMoreItems": start + per_page < len(members)})  # fmt: skip


@router.get("/member/{memberId}")
async def get_member(request: Request, memberId: str = MEMBER_ID):
    state = state_of(request)
    with state.lock:
        return json_response(dict(_find(state, memberId)))


@router.post("/member", status_code=201, openapi_extra=documented_body(MemberRequest))
async def invite_member(request: Request):
    body = await read_body(request, MemberRequest)
    _check(body)
    password = body.Password or ""
    if len(password) < 12 or not all(pattern.search(password) for pattern, _words in PASSWORD_RULES):
        raise invalid("Password", "The password needs at least 12 characters, with " + ", ".join(words for _pattern, words in PASSWORD_RULES) + ".")
    state = state_of(request)
    with state.lock:
        if any(member["Email"].lower() == body.Email.lower() for member in state.team_members):
            raise invalid("Email", f"{body.Email} is already a member of the team.")
        member = _member(body.model_dump(exclude={"Password"}))
        state.team_members.append(member)
        return json_response(dict(member), 201)


@router.post("/member/{memberId}", openapi_extra=documented_body(MemberRequest))
async def update_member(request: Request, memberId: str = MEMBER_ID):
    """Replace the member's names and roles; the email address and the password stay as they are."""
    body = await read_body(request, MemberRequest)
    _check(body)
    if body.Password is not None:
        raise invalid("Password", "A member's password cannot be changed here.")
    state = state_of(request)
    with state.lock:
        member = _find(state, memberId)
        if body.Email.lower() != member["Email"].lower():
            raise invalid("Email", "A member's email address cannot be changed.")
        member.update(FirstName=body.FirstName, LastName=body.LastName, Roles=[MEMBER_ROLE] + [role for role in body.Roles if role != MEMBER_ROLE])
    return empty_response(204)


@router.delete("/member/{memberId}")
async def remove_member(request: Request, memberId: str = MEMBER_ID):
    state = state_of(request)
    with state.lock:
        state.team_members.remove(_find(state, memberId))
    return empty_response(204)


AREA = Area(
    name="team",
    prefix="/team",
    error_style=LegacyStyle(),
    routers=(router,),
    fixture_fillers={"team_members": fill_team_members},
)
