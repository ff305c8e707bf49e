"""The runtime and its dispatcher meet through two Protocols, one each way: what the dispatcher needs of the runtime
(:class:`bot.delivery.DeliveryRuntime`) and what the runtime needs of its dispatcher
(:class:`bot.deliverer.Deliverer`). Nothing type-checks them at run time, so these tests do: every member a Protocol
names is on the real object, a coroutine where the Protocol's is one and a plain method where it is not, with the
same parameters; and the dispatcher wires itself in as the runtime's."""

from __future__ import annotations

import inspect

from bot.deliverer import Deliverer
from bot.delivery import DeliveryRuntime, Dispatcher


def members(protocol: type) -> set[str]:
    """The names a Protocol declares: its methods and properties, and its annotated attributes."""
    names = {name for name in vars(protocol) if not name.startswith("_")}
    return names | set(getattr(protocol, "__annotations__", {}))


def check(protocol: type, real: object) -> None:
    for name in sorted(members(protocol)):
        assert hasattr(real, name), f"{type(real).__name__} has no {name}, which {protocol.__name__} names"
        wanted = inspect.getattr_static(protocol, name, None)
        if not inspect.isfunction(wanted):
            continue  # an attribute or a property: present is all it takes
        found = getattr(real, name)
        assert callable(found), name
        assert inspect.iscoroutinefunction(wanted) == inspect.iscoroutinefunction(found), name
        expected = [p for p in inspect.signature(wanted).parameters if p != "self"]
        assert list(inspect.signature(found).parameters) == expected, name


async def test_the_runtime_is_what_the_dispatcher_needs(runtime):
    check(DeliveryRuntime, runtime)


async def test_the_dispatcher_is_what_the_runtime_needs_and_is_its_dispatcher(runtime):
    assert isinstance(runtime.dispatcher, Dispatcher)
    check(Deliverer, runtime.dispatcher)
