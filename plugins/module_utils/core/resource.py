# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The resource engine: the whole life of a top-level resource, declared as data.

Most of the API is top-level resources with the same life: a list (with ``search`` and pages), a
read, a create, a partial update and a delete. A module declares its ``Resource`` (where it lives,
its natural key, its fields) and the engine plans the rest (plan.py carries the plan out): it finds
the resource by id or by key, creates it, updates the fields that differ and nothing else, deletes
it, predicts all of that in check mode, gives ``--diff`` the same projection on both sides, settles
every lost answer with a read, serialises writes where the API needs it, and masks secrets.
docs/development.md walks through declaring one.

Values are compared in the API's own terms: an option's value is turned into what the API stores
(readable names into the API's numbers, a list into the several switches it stands for) and compared
with the record read, so that what is sent is exactly what differs.
"""

import copy
import difflib

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import same
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule, to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import LOCK_TIMEOUT_OPTION, Plan, Read, Write, apply

STATE_OPTION = dict(type="str", choices=["present", "absent"], default="present")
# How a plan refuses what the resource as it stands does not allow: its sentences as they are, no "Invalid input".
STATE_REFUSAL = "%s."


class Field:
    """One setting of a resource: its option, where the API keeps it, and how it compares.

    ``api`` is the property a write sends; ``read_as`` the property a read returns, where the API
    spells the two differently. ``names`` maps readable option values to the API's numbers (values
    the API returns that no name has pass through as they are). A list compares as a set unless
    ``ordered``; ``ignore_case`` compares strings (and list items) without regard to case.
    ``create_only`` fields are sent with the create and refused when they differ later. A field that
    stands for several API properties gives ``to_api(value) -> {property: value}`` and
    ``from_api(record) -> value`` instead of ``api``.
    """

    def __init__(self, option, api=None, type="str", elements=None, names=None, choices=None, read_as=None,
                 create_only=False, ordered=False, ignore_case=False, no_log=None, to_api=None, from_api=None):
        self.option = option
        self.api = api
        self.read_as = read_as or api
        self.type = type
        self.elements = elements
        self.names = names
        self.choices = list(names) if names else choices
        self.create_only = create_only
        self.ordered = ordered
        self.ignore_case = ignore_case
        self.no_log = no_log
        self._to_api = to_api
        self._from_api = from_api

    def argument_spec(self):
        spec = dict(type=self.type)
        if self.elements:
            spec["elements"] = self.elements
        if self.choices:
            spec["choices"] = list(self.choices)
        if self.no_log is not None:
            spec["no_log"] = self.no_log
        return spec

    def to_api(self, value):
        """The API properties (by the names a write sends) that the option's value sets."""
        if self._to_api:
            return self._to_api(value)
        return {self.api: self.names[value] if self.names else value}

    def from_api(self, record):
        """The option's value as the record holds it; unknown numbers pass through."""
        if self._from_api:
            return self._from_api(record)
        value = record.get(self.read_as)
        if self.names:
            return name_of(self.names, value)
        return value

    def same(self, present, wanted):
        return same(present, wanted, self.ordered, self.ignore_case)


def name_of(names, number):
    """The readable name of an API number; a number no name has (a value added later) passes through."""
    return next((name for name, known in names.items() if known == number), number)


class Paths:
    """Where a resource lives and how its list reads.

    ``item`` takes ``{id}``. ``search`` is the list's search parameter (None: the list has none);
    ``pages`` the list's shape, as ``BunnyClient.paginate`` names them (None: one array).
    ``read_params`` go with every read and list.
    """

    def __init__(self, list, item, create=None, search="search", pages="pages", read_params=None):
        self.list = list
        self.item = item
        self.create = create or list
        self.search = search
        self.pages = pages
        self.read_params = read_params


class Record:
    """What a resource's records hold beyond its fields.

    ``server_fields`` are snake_case result keys only the API knows (ids, generated hostnames,
    usage); a check-mode create predicts them as null. ``secret_keys`` are snake_case result keys
    whose values never leave the module. ``read_names`` maps properties a write sends to the names
    a read returns them by, where the API spells them otherwise and no field declares it.
    ``new_record`` is what a new record reads back with, apart from the server's fields and what the
    options set, so that a check-mode create predicts it. ``ids_key`` is the result key a failure
    lists the ids of several records under, when they share a key.
    """

    def __init__(self, id_field="Id", server_fields=(), secret_keys=(), read_names=None, new_record=None, ids_key="ids"):
        self.id_field = id_field
        self.ids_key = ids_key
        self.server_fields = tuple(server_fields)
        self.secret_keys = tuple(secret_keys)
        self.read_names = dict(read_names or {})
        self.new_record = dict(new_record or {})


class Writes:
    """How the API writes a resource.

    ``update`` None declares a resource the API cannot change after creation; ``delete`` None one it
    cannot delete (``state: absent`` then fails with ``no_delete``, a sentence formatted with the
    record, ``%(Name)s``). ``create_names`` declares a create model narrower than the update model:
    the properties a create takes, each by the name the create model gives it (write name -> create
    name); what it lacks follows in an update of the new record. ``create_requires`` names the
    options a create cannot do without. ``read_after_write`` declares writes that answer less than a
    read returns: the result is read after each write. ``lock_creates`` serialises the creates of
    parallel tasks on one controller (the API failed parallel creates of some resources);
    ``lock_writes`` serialises the writes to one resource.
    """

    def __init__(self, create="POST", update="POST", delete="DELETE", no_delete=None, create_names=None, create_requires=(),
                 read_after_write=False, lock_creates=False, lock_writes=False):
        self.create = create
        self.update = update
        self.delete = delete
        self.no_delete = no_delete
        self.create_names = dict(create_names) if create_names is not None else None
        self.create_requires = tuple(create_requires)
        self.read_after_write = read_after_write
        self.lock_creates = lock_creates
        self.lock_writes = lock_writes

    @property
    def locked(self):
        return self.lock_creates or self.lock_writes


class Resource:
    """A top-level resource: its name, its natural key, its fields, where it lives and how it is written.

    ``key`` is the field that names it uniquely (compared exactly; the list's search only narrows
    the pages, since it matches any part of a name). ``plural`` names several (``noun`` + "s"
    unless given). ``predict(after, changes)`` adds to a predicted record what the API changes
    along with a write; ``problems(current, desired)`` returns sentences for desired states the API
    would not keep (``current`` is None before a create), which fail the run before any write.
    A resource whose API differs from the common shape overrides the narrowest method
    (``create_request``, ``update_request``, ``lock_path``, ``read``, ``named``, ``answered``).
    """

    def __init__(self, noun, result_key, key, fields, paths, record=None, writes=None, predict=None, problems=None, plural=None):
        self.noun = noun
        self.plural = plural or noun + "s"
        self.result_key = result_key
        self.key = key
        self.fields = tuple(fields)
        self.paths = paths
        self.record = record or Record()
        self.writes = writes or Writes()
        self._predict = predict
        self._problems = problems

    @property
    def id_field(self):
        return self.record.id_field

    @property
    def secret_keys(self):
        return self.record.secret_keys

    # --- What a module declares with it ---------------------------------------------------------

    def argument_spec(self, **extra):
        """``id``, the key, every field, ``state`` and, where writes are serialised, ``lock_timeout``."""
        spec = dict(id=dict(type="int"))
        spec[self.key.option] = self.key.argument_spec()
        spec.update((field.option, field.argument_spec()) for field in self.fields)
        spec["state"] = dict(STATE_OPTION)
        if self.writes.locked:
            spec["lock_timeout"] = dict(LOCK_TIMEOUT_OPTION)
        spec.update(extra)
        return spec

    def module_kwargs(self):
        return dict(required_one_of=[("id", self.key.option)])

    def rules(self):
        """The bounds of the options argument_spec() adds."""
        locked = (("lock_timeout", dict(minimum=1)),) if self.writes.locked else ()
        return (("id", dict(minimum=1)),) + locked

    def path(self, record_id):
        return build_path(self.paths.item, id=record_id)

    def lock_path(self, record_id):
        """The resource whose lock serialises writes to this record: the record itself, unless a resource shares a parent's."""
        return self.path(record_id)

    def create_request(self, module, body):
        """``(method, path, body)`` of a create; a resource whose API wraps the body overrides it."""
        return self.writes.create, self.paths.create, body

    def update_request(self, current, changes, after):
        """``(method, path, body)`` of an update sending ``changes`` to ``current`` (``after`` is the prediction)."""
        return self.writes.update, self.path(current[self.id_field]), changes

    def delete_request(self, module, current):
        """``(method, path, query)`` of the delete of ``current``; a resource whose delete takes options overrides it."""
        return self.writes.delete, self.path(current[self.id_field]), None

    # --- Reading --------------------------------------------------------------------------------

    def read(self, client, record_id):
        return client.get(self.path(record_id), params=self.paths.read_params)

    def list(self, client, search=None):
        """Every record of the list, from every page; ``search`` narrows it where the API can."""
        query = dict(self.paths.read_params or {})
        if search and self.paths.search:
            query[self.paths.search] = search
        return list(client.paginate(self.paths.list, query, self.paths.pages))

    def named(self, client, name):
        """Every record whose key is ``name``: exactly, or as the key field declares (without regard to case)."""
        return [record for record in self.list(client, search=name) if self.key.same(record.get(self.key.read_as), name)]

    def find(self, module, record_id=None, name=None, missing_ok=False):
        """The record with ``record_id``, or the one whose key is ``name``; None when there is none.

        A key that several records share fails, listing them: guessing would change the wrong one.
        An id that is not found fails with its 404 (a stale id must not quietly become a new
        resource), unless ``missing_ok``.
        """
        if record_id is not None:
            try:
                return self.read(module.client, record_id)
            except BunnyApiError as error:
                if missing_ok and error.status == 404:
                    return None
                raise
        return only_one(module, self.named(module.client, name), name, self.plural, self.id_field, self.record.ids_key)

    def select(self, module, id_option="id", key_option=None, search_option="search"):
        """The records an info module asks for: one by id, those of a key, those a search matches, or all."""
        params = module.params
        key_option = key_option or self.key.option
        if params.get(id_option) is not None:
            return [self.read(module.client, params[id_option])]
        if params.get(key_option) is not None:
            return self.named(module.client, params[key_option])
        return self.list(module.client, search=params.get(search_option))

    def describe_missing(self, record_id):
        """An error describer (``BunnyModule.run``) that names this record when a read of it answers 404."""
        path = self.path(record_id)

        def describe(error):
            if error.status == 404 and error.path == path:
                return "%s %s was not found (HTTP 404)." % (self.noun[:1].upper() + self.noun[1:], record_id)
            return None
        return describe

    def run_info(self, result_key, id_option="id", search=True, describe_error=None):
        """The info module of this resource: ``id``, the key and ``search`` (the resource.info doc fragment),
        the records ``select`` gives, projected. ``describe_error(params)`` gives the run's error describer."""
        selectors = {id_option: dict(type="int"), self.key.option: self.key.argument_spec()}
        if search:
            selectors["search"] = dict(type="str")
        module = BunnyModule(
            argument_spec=selectors,
            result_key=result_key,
            rules=((id_option, dict(minimum=1)), (self.key.option, dict(min_length=1) if self.key.type == "str" else dict(minimum=1))),
            secret_keys=self.secret_keys,
            mutually_exclusive=[tuple(selectors)],
        )
        module.run(lambda module: module.exit_info([self.project(record) for record in self.select(module, id_option=id_option)]),
                   describe_error=describe_error(module.params) if describe_error else None)

    def gone(self, client, record_id):
        """True once a read of the record answers 404; None while it can still be read."""
        return gone(lambda: self.read(client, record_id))

    def only_named(self, module, name):
        """The one record whose key is ``name``, or None (none, or several): what a lost create answer is settled by."""
        matches = self.named(module.client, name)
        return matches[0] if len(matches) == 1 else None

    # --- Results --------------------------------------------------------------------------------

    def project(self, record):
        """The record as results and diffs show it: snake_case, numbers the module names by name."""
        if record is None:
            return None
        projected = to_snake(record)
        for field in self.fields:
            if field.names:
                projected[snake_name(field.read_as)] = field.from_api(record)
        return projected

    # --- Comparing ------------------------------------------------------------------------------

    def desired(self, params, fields=None):
        """The API properties the options given set (options left out mean "leave as it is")."""
        wanted = {}
        for field in fields if fields is not None else self.fields:
            value = params.get(field.option)
            if value is not None:
                wanted.update(field.to_api(value))
        return wanted

    def differences(self, record, wanted):
        """The part of ``wanted`` (API properties, write names) that the record does not hold yet."""
        changes = {}
        for name, value in wanted.items():
            field = self._field_for(name) or Field(name)
            if not field.same(record.get(self._read_name(name)), value):
                changes[name] = value
        return changes

    def _field_for(self, api_name):
        for field in self.fields + (self.key,):
            if field.api == api_name:
                return field
        return None

    def _read_name(self, api_name):
        field = self._field_for(api_name)
        return field.read_as if field else self.record.read_names.get(api_name, api_name)

    def predicted(self, record, changes):
        """The record after ``changes``: read names updated, and whatever the API moves along with them."""
        after = copy.deepcopy(record)
        for name, value in changes.items():
            after[self._read_name(name)] = copy.deepcopy(value)
        return self._predict(after, changes) if self._predict else after

    def holding(self, client, record_id, changes):
        """The record, read, if it holds ``changes``; None while it does not (an update to settle)."""
        record = self.read(client, record_id)
        return record if not self.differences(record, changes) else None

    # --- Plans ----------------------------------------------------------------------------------

    def converge(self, module, desired):
        """Make the resource the module names hold ``desired`` (API properties), or be gone."""
        apply(module, self.plan(module, desired))

    def plan(self, module, desired):
        """The plan that makes the resource the module names hold ``desired``, or be gone."""
        params = module.params
        current = self.find(module, params["id"], params[self.key.option], missing_ok=params["state"] == "absent")
        if params["state"] == "absent":
            return self.plan_delete(module, current)
        problems = self._problems(current, desired) if self._problems else []
        if problems:
            return Plan(problems=problems)
        if current is None:
            return self.plan_create(module, desired)
        name = params[self.key.option]
        if name is not None and not self.key.create_only:
            desired = dict(desired, **self.key.to_api(name))
        return self.plan_update(module, current, desired)

    def plan_create(self, module, desired):
        """Create the resource the key option names, with ``desired``; check mode predicts the new record."""
        name = module.params[self.key.option]
        missing = [option for option in self.writes.create_requires if module.params.get(option) is None]
        if missing:
            return refused("%s %r does not exist; %s %s required to create it" % (
                self.noun.capitalize(), name, " and ".join(missing), "is" if len(missing) == 1 else "are"))
        body = dict(desired)
        body.update(self.key.to_api(name))
        predicted = self.predicted(self.record.new_record, body)
        predicted[self.id_field] = None
        after = self.project(predicted)
        after.update((key, None) for key in self.record.server_fields)
        plan = Plan(before={}, after=after, lock=self.paths.list + " (create)" if self.writes.lock_creates else None)
        create_body, rest = self.split_create(body)
        plan.add(Write(*self.create_request(module, create_body), confirm=lambda: self.only_named(module, name),
                       answered=lambda answer: self.answered(module, plan, "create", answer)))
        if rest:
            # What the create model lacks follows in an update of the new record; its answer settles ``after``.
            plan.add(Write(request=lambda: self.update_request(plan.record, rest, None),
                           confirm=lambda: self.holding(module.client, plan.record[self.id_field], rest),
                           answered=lambda answer: self.answered(module, plan, "update", answer)))
        elif self.writes.read_after_write:
            plan.add(self.read_step(module, plan))
        if self.writes.lock_creates:
            # Another task of the same run may have created it while this one waited for the lock.
            plan.under_lock = lambda: self._created_meanwhile(module, name, desired)
        return plan

    def _created_meanwhile(self, module, name, desired):
        found = self.only_named(module, name)
        return self.plan_update(module, found, desired) if found else None

    def split_create(self, body):
        """``(create body, the rest)``: what the create model takes, by its names, and what must follow in an update."""
        if self.writes.create_names is None:
            return body, {}
        names = self.writes.create_names
        create_body = {names[name]: value for name, value in body.items() if name in names}
        rest = {name: value for name, value in body.items() if name not in names}
        # A new record has its defaults already: only what differs from them needs the update.
        return create_body, self.differences(self.record.new_record, rest) if self.record.new_record else rest

    def plan_update(self, module, current, desired):
        """Send one update with exactly what differs from ``desired``; nothing when it all holds."""
        record_id = current[self.id_field]
        problems = self.create_only_problems(module, current)
        changes = self.differences(current, desired)
        predicted = self.predicted(current, changes) if changes else current
        if changes and self.writes.update is None:
            problems.append("The API cannot change a %s once created; %s differ%s" % (
                self.noun, ", ".join(sorted(self._options_of(changes))), "s" if len(changes) == 1 else ""))
        plan = Plan(before=self.project(current), after=self.project(predicted), record=current, problems=problems, refusal=STATE_REFUSAL,
                    refusal_key=None, lock=self.lock_path(record_id) if self.writes.lock_writes else None)
        if changes:
            plan.add(Write(*self.update_request(current, changes, predicted),
                           confirm=lambda: self.holding(module.client, record_id, changes),
                           answered=lambda answer: self.answered(module, plan, "update", answer)))
        return plan

    def plan_delete(self, module, current):
        """Delete ``current``; nothing when there is none."""
        if current is None:
            return Plan(before={}, after=None)
        record_id = current[self.id_field]
        if self.writes.delete is None:
            return refused((self.writes.no_delete % current).rstrip("."))
        plan = Plan(before=self.project(current), after=None, record=current,
                    lock=self.lock_path(record_id) if self.writes.lock_writes else None)
        method, path, query = self.delete_request(module, current)
        plan.add(Write(method, path, params=query, confirm=lambda: self.gone(module.client, record_id)))
        return plan

    def answered(self, module, plan, kind, answer):
        """Fold the answer of a create or an update into ``plan``: the record it holds, and ``after``.

        An answer that is not the record (none, or less than a read returns) is replaced by a read:
        after a create, the record of the key; after an update, the record read again.
        """
        record_id = plan.record[self.id_field] if plan.record else None
        is_record = isinstance(answer, dict) and answer.get(self.id_field) is not None
        if kind == "create":
            plan.record = answer if is_record else self.only_named(module, module.params[self.key.option])
        elif is_record and answer.get(self.id_field) == record_id and not self.writes.read_after_write:
            plan.record = answer
        else:
            plan.record = self.read(module.client, record_id)
        plan.after = self.project(plan.record)

    def read_step(self, module, plan):
        """A read of the record the plan works on, after its writes; its answer becomes ``after``."""
        def read():
            return self.read(module.client, plan.record[self.id_field])

        def answered(record):
            plan.record = record
            plan.after = self.project(record)
        return Read(read, answered)

    def create_only_problems(self, module, current):
        """The sentence refusing the create-only fields the task asks to differ from ``current``'s, in a list; none when none do."""
        fixed = [field for field in (self.key,) + self.fields if field.create_only]
        differing = [field.option for field in fixed if self.differences(current, self.desired(module.params, [field]))]
        if not differing:
            return []
        return ["%s %s: %s can only be set when the %s is created, and differ%s from what it has; delete "
                "it and create it again to change %s" % (
                    self.noun, current.get(self.id_field), ", ".join(differing), self.noun,
                    "s" if len(differing) == 1 else "", "it" if len(differing) == 1 else "them")]

    def _options_of(self, changes):
        return {(self._field_for(name).option if self._field_for(name) else name) for name in changes}


def refused(problem):
    """A plan that does nothing but refuse, before any write, with a sentence about the resource's state (not the input)."""
    return Plan(problems=[problem], refusal=STATE_REFUSAL, refusal_key=None)


def only_one(module, matches, name, plural, id_field, ids_key="ids"):
    """The one record of ``matches`` (those whose key is ``name``), None when there is none; several fail, listed."""
    if len(matches) > 1:
        ids = [match.get(id_field) for match in matches]
        module.fail("%d %s are named %r (ids %s); give the id of the one to manage." % (
            len(matches), plural, name, ", ".join(str(record_id) for record_id in ids)), **{ids_key: ids})
    return matches[0] if matches else None


def gone(read):
    """True once ``read()`` answers 404; None while it can still be read: the one "is it gone" check."""
    try:
        read()
    except BunnyApiError as error:
        if error.status == 404:
            return True
        raise
    return None


def snake_name(api_name):
    return next(iter(to_snake({api_name: None})))


def name_taken(error, resource):
    """Whether ``error`` is the API refusing to create ``resource`` because its name is taken."""
    fields = {(item.get("field") or "").lower() for item in error.field_errors}
    return (error.method == resource.writes.create and error.path == resource.paths.create and error.status == 400
            and ("name" in fields or "name" in (error.error_key or "").lower()))


def unknown_names(given, known, noun):
    """Sentences for the names in ``given`` that ``known`` lacks, each with the closest known names."""
    problems = []
    for name in given:
        if name in known:
            continue
        # A name that differs only in case is the one meant; otherwise the nearest spellings.
        close = [candidate for candidate in known if candidate.lower() == name.lower()]
        close = close or difflib.get_close_matches(name, list(known), n=3, cutoff=0.6)
        hint = " (did you mean %s?)" % " or ".join(close) if close else ""
        problems.append("%s is not a property of %s%s" % (name, noun, hint))
    return problems
