import { useNavigate } from "@remix-run/react";
import {
  ChoiceList,
  IndexFilters,
  TextField,
  useSetIndexFiltersMode,
  type IndexFiltersProps,
  type TabProps,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { STATE_LABELS } from "../../../extensions/shared/english-words";
import {
  KIND_FILTERS,
  LIST_VIEWS,
  listQueryParams,
  STATE_FILTERS,
  type KindFilter,
  type ListSort,
  type ListView,
  type ShipmentListQuery,
  type StateFilter,
} from "./list-query";

/**
 * The list's saved views (tabs), search, filters and sort as Polaris IndexFilters, kept in the URL:
 * the loader reads the same query, so a view can be linked, reloaded and exported.
 */

const VIEW_LABELS: Record<ListView, string> = {
  all: "All",
  today: "Today",
  waiting: "Waiting for a driver",
  out: "Out for delivery",
  attention: "Needs attention",
};
const STATE_FILTER_LABELS: Record<StateFilter, string> = {
  all: "Any state",
  attention: "Needs attention",
  ...STATE_LABELS,
};
const KIND_FILTER_LABELS: Record<KindFilter, string> = {
  all: "Deliveries, returns and exchanges",
  delivery: "Deliveries",
  return: "Return collections",
  exchange: "Exchanges (both legs)",
};
const SORT_VALUES: Record<ListSort, string> = {
  pickup_desc: "pickup desc",
  pickup_asc: "pickup asc",
  created_desc: "created desc",
  created_asc: "created asc",
};
const SORT_OPTIONS: IndexFiltersProps["sortOptions"] = [
  { label: "Pickup time", value: "pickup asc", directionLabel: "Earliest first" },
  { label: "Pickup time", value: "pickup desc", directionLabel: "Latest first" },
  { label: "Booked", value: "created asc", directionLabel: "Oldest first" },
  { label: "Booked", value: "created desc", directionLabel: "Newest first" },
];

export function ListFilters({
  query,
  locations,
  loading,
}: {
  query: ShipmentListQuery;
  locations: { locationGid: string; name: string }[];
  loading: boolean;
}) {
  const navigate = useNavigate();
  const { mode, setMode } = useSetIndexFiltersMode();
  const [search, setSearch] = useState(query.q);
  useEffect(() => setSearch(query.q), [query.q]);
  const go = (patch: Partial<ShipmentListQuery>) => {
    const params = listQueryParams({ ...query, page: 1, ...patch });
    navigate(`/app/shipments${params.size ? `?${params}` : ""}`, { replace: false });
  };
  // The search is sent once typing pauses.
  useEffect(() => {
    if (search === query.q) return;
    const timer = setTimeout(() => go({ q: search }), 400);
    return () => clearTimeout(timer);
  }, [search]);

  const tabs: TabProps[] = LIST_VIEWS.map((view) => ({
    id: `view-${view}`,
    content: VIEW_LABELS[view],
    onAction: () => go({ view }),
  }));
  const filters: IndexFiltersProps["filters"] = [
    {
      key: "state",
      label: "State",
      filter: (
        <ChoiceList
          title="State"
          titleHidden
          choices={STATE_FILTERS.map((value) => ({ value, label: STATE_FILTER_LABELS[value] }))}
          selected={[query.state]}
          onChange={([value]) => go({ state: (value ?? "all") as StateFilter })}
        />
      ),
      shortcut: true,
    },
    {
      key: "location",
      label: "Location",
      filter: (
        <ChoiceList
          title="Location"
          titleHidden
          choices={[
            { value: "", label: "Any location" },
            ...locations.map((l) => ({ value: l.locationGid, label: l.name })),
          ]}
          selected={[query.location]}
          onChange={([value]) => go({ location: value ?? "" })}
        />
      ),
      shortcut: true,
    },
    {
      key: "kind",
      label: "Kind",
      filter: (
        <ChoiceList
          title="Kind"
          titleHidden
          choices={KIND_FILTERS.map((value) => ({ value, label: KIND_FILTER_LABELS[value] }))}
          selected={[query.kind]}
          onChange={([value]) => go({ kind: (value ?? "all") as KindFilter })}
        />
      ),
      shortcut: true,
    },
    {
      key: "dates",
      label: "Pickup date",
      filter: <DateRange from={query.from} to={query.to} onChange={(from, to) => go({ from, to })} />,
      shortcut: true,
    },
  ];
  const appliedFilters: IndexFiltersProps["appliedFilters"] = [
    ...(query.state !== "all"
      ? [{ key: "state", label: `State: ${STATE_FILTER_LABELS[query.state]}`, onRemove: () => go({ state: "all" }) }]
      : []),
    ...(query.location
      ? [
          {
            key: "location",
            label: `Location: ${locations.find((l) => l.locationGid === query.location)?.name ?? "another"}`,
            onRemove: () => go({ location: "" }),
          },
        ]
      : []),
    ...(query.kind !== "all"
      ? [{ key: "kind", label: `Kind: ${KIND_FILTER_LABELS[query.kind]}`, onRemove: () => go({ kind: "all" }) }]
      : []),
    ...(query.from || query.to
      ? [
          {
            key: "dates",
            label: `Pickup ${query.from || "…"} to ${query.to || "…"}`,
            onRemove: () => go({ from: "", to: "" }),
          },
        ]
      : []),
  ];
  return (
    <IndexFilters
      tabs={tabs}
      selected={LIST_VIEWS.indexOf(query.view)}
      onSelect={() => undefined}
      canCreateNewView={false}
      queryValue={search}
      queryPlaceholder="Search by order, tracking number, customer name or phone"
      onQueryChange={setSearch}
      onQueryClear={() => {
        setSearch("");
        go({ q: "" });
      }}
      sortOptions={SORT_OPTIONS}
      sortSelected={[SORT_VALUES[query.sort]]}
      onSort={([value]) => {
        const sort = (Object.entries(SORT_VALUES) as [ListSort, string][]).find(([, v]) => v === value)?.[0];
        if (sort) go({ sort });
      }}
      filters={filters}
      appliedFilters={appliedFilters}
      onClearAll={() => go({ state: "all", location: "", from: "", to: "" })}
      mode={mode}
      setMode={setMode}
      loading={loading}
      cancelAction={{ onAction: () => undefined, disabled: false, loading: false }}
    />
  );
}

function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (from: string, to: string) => void }) {
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  return (
    <>
      <TextField
        label="From"
        type="date"
        value={start}
        onChange={setStart}
        onBlur={() => onChange(start, end)}
        autoComplete="off"
      />
      <TextField
        label="To"
        type="date"
        value={end}
        onChange={setEnd}
        onBlur={() => onChange(start, end)}
        autoComplete="off"
      />
    </>
  );
}
