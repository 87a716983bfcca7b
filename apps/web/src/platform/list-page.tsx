import { messages, PAGE_SIZE, type Range, rangeForPage, searchSchema, showPager } from '@spaceboard/domain'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { Alert, Flex, Input, Skeleton, Table, type TableProps, Typography } from 'antd'
import type { ColumnType, SorterResult } from 'antd/es/table/interface'
import { type ReactNode, useEffect, useState } from 'react'
import { apiPage, queryString } from './api-client.ts'

import type { ListSearch } from './list-search.ts'

export { type ListSearch, type ListSearchInput, listSearchValidator } from './list-search.ts'

export interface ListPageOptions<K extends string> {
  /** The list endpoint, e.g. `/api/country`. Its queries are keyed under it (invalidate `[endpoint]`). */
  endpoint: string
  /** The validated search of the route. */
  search: ListSearch<K>
  /** Writes a new search into the URL. */
  onSearchChange: (next: ListSearch<K>) => void
  /** Rows per page after the first one; 20 by default (0-19, 20-39 …). */
  pageSize?: number
  /** The first page's range when it differs from `0-(pageSize-1)` (the global region list asks 0-3). */
  firstRange?: Range
  /** The pager shows only when the total exceeds this; the page size by default. */
  pagerThreshold?: number
  /** Fixed query parameters of the call besides the list's own (the regions list sends globalRegion=1). */
  params?: Record<string, string | number | undefined>
}

export function rangeOfPage(page: number, pageSize: number, firstRange?: Range): Range {
  if (!firstRange) return rangeForPage(page, pageSize)
  if (page <= 1) return firstRange
  const start = firstRange.end + 1 + (page - 2) * pageSize
  return { start, end: start + pageSize - 1 }
}

function pageOfRow(index: number, pageSize: number, firstRange?: Range): number {
  if (!firstRange) return Math.floor(index / pageSize) + 1
  if (index <= firstRange.end) return 1
  return Math.floor((index - firstRange.end - 1) / pageSize) + 2
}

/**
 * The route's search without `random`: the router passes unknown parameters of a typed URL through
 * its validated search, so an old link's cache-buster would otherwise stay in every next URL.
 */
function withoutRandom<S extends object>(search: S): S {
  const { random: _random, ...rest } = search as S & { random?: unknown }
  return rest as S
}

/** A list page's query: useListPage's, and what a route may start before its screen is up. */
export function listPageQuery<T, K extends string>(
  options: Pick<ListPageOptions<K>, 'endpoint' | 'search' | 'pageSize' | 'firstRange' | 'params'>,
) {
  const { endpoint, firstRange, params } = options
  const search = withoutRandom(options.search)
  const range = rangeOfPage(search.page, options.pageSize ?? PAGE_SIZE, firstRange)
  return queryOptions({
    queryKey: [endpoint, 'list', search, range, params],
    queryFn: ({ signal }) =>
      apiPage<T>(
        `${endpoint}${queryString({
          ...params,
          search: search.search,
          order: search.order,
          direct: search.direct,
          page: search.page,
        })}`,
        range,
        signal,
      ),
  })
}

/** A server-side list: Range paging, Content-Range total, sort and search mirrored in the URL. */
export function useListPage<T, K extends string>(options: ListPageOptions<K>) {
  const { onSearchChange, firstRange } = options
  const search = withoutRandom(options.search)
  const pageSize = options.pageSize ?? PAGE_SIZE
  const threshold = options.pagerThreshold ?? pageSize
  const query = useQuery({ ...listPageQuery<T, K>(options), placeholderData: keepPreviousData })
  const total = query.data?.total ?? 0
  const lastPage = total === 0 ? 1 : pageOfRow(total - 1, pageSize, firstRange)

  // After a delete or a hand-edited URL the page may be past the end: go to the last one.
  const pastTheEnd = query.isSuccess && !query.isPlaceholderData && search.page > lastPage
  useEffect(() => {
    if (pastTheEnd) onSearchChange({ ...search, page: lastPage })
  }, [pastTheEnd, lastPage, search, onSearchChange])

  return {
    search,
    rows: query.data?.rows ?? [],
    total,
    estimated: query.data?.estimated ?? false,
    /** No page yet (the first load): the table shows a skeleton. */
    pending: query.isPending,
    /** A page is on its way; the previous one stays visible meanwhile (keepPreviousData). */
    loading: query.isFetching,
    error: query.error,
    refetch: query.refetch,
    showPager: showPager(total, threshold),
    pageSize,
    firstRange,
    setSearch: (text: string) => onSearchChange({ ...search, search: text, page: 1 }),
    setSort: (order: K | '', direct: 'asc' | 'desc') => onSearchChange({ ...search, order, direct, page: 1 }),
    setPage: (page: number) => onSearchChange({ ...search, page }),
  }
}

/** Stands for the rows of a list whose first page is loading. */
function ListSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading" style={{ textAlign: 'start' }}>
      <Skeleton active title={false} paragraph={{ rows: 8, width: '100%' }} />
    </div>
  )
}

export type ListPageState<T, K extends string> = ReturnType<typeof useListPage<T, K>>

/** A column of a list page; `sortKey` makes it sortable on the server (a whitelisted order key). */
export type ListColumn<T, K extends string> = ColumnType<T> & { sortKey?: K }

function sortOrderOf<K extends string>(search: ListSearch<K>, key: K | undefined) {
  if (!key || search.order !== key) return null
  return search.direct === 'asc' ? 'ascend' : 'descend'
}

export function ListSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setText(value)
    setError(null)
  }, [value])
  const submit = (next: string) => {
    const result = searchSchema.safeParse(next.trim())
    if (!result.success) {
      setError(result.error.issues[0]?.message ?? messages.invalidSearch)
      return
    }
    setError(null)
    onSearch(result.data)
  }
  return (
    <Flex vertical gap={4}>
      <Input.Search
        aria-label="Search"
        placeholder="Search"
        allowClear
        value={text}
        status={error ? 'error' : ''}
        onChange={(event) => {
          setText(event.target.value)
          if (event.target.value === '' && value !== '') submit('')
        }}
        onSearch={submit}
        style={{ width: 280 }}
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Flex>
  )
}

export interface ListPageProps<T, K extends string> {
  title: string
  list: ListPageState<T, K>
  columns: ListColumn<T, K>[]
  /** Buttons shown at the right of the title (an Add button, say). */
  actions?: ReactNode
  /** Controls shown below the search box (a list's filters, say). */
  toolbar?: ReactNode
  rowKey?: TableProps<T>['rowKey']
}

/** The list page of a feature: title, actions, search box and a server-side sorted, paged table. */
export function ListPage<T extends object, K extends string>({
  title,
  list,
  columns,
  actions,
  toolbar,
  rowKey = 'id',
}: ListPageProps<T, K>) {
  const tableColumns: ColumnType<T>[] = columns.map(({ sortKey, ...column }) =>
    sortKey
      ? {
          ...column,
          key: sortKey,
          sorter: true,
          sortOrder: sortOrderOf(list.search, sortKey),
        }
      : column,
  )
  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const first = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined
      const key = first?.order ? (first.columnKey as K | undefined) : undefined
      list.setSort(key ?? '', first?.order === 'descend' ? 'desc' : 'asc')
    } else if (extra.action === 'paginate' && pagination.current) {
      list.setPage(pagination.current)
    }
  }
  // antd pages by a single size; with a shorter first page (0-3 then 4-7 …) the sizes agree.
  const pagination: TableProps<T>['pagination'] = list.showPager
    ? {
        current: list.search.page,
        pageSize: list.pageSize,
        total: list.firstRange ? list.total + (list.pageSize - (list.firstRange.end + 1)) : list.total,
        showSizeChanger: false,
        placement: ['bottomEnd'],
        ...(list.estimated
          ? { showTotal: () => `About ${list.total.toLocaleString('en')} (estimated)` }
          : {}),
      }
    : false
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex gap={8}>{actions}</Flex>
      </Flex>
      <ListSearchBox value={list.search.search} onSearch={list.setSearch} />
      {toolbar}
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title={list.error.message}
          action={<Typography.Link onClick={() => void list.refetch()}>Try again</Typography.Link>}
        />
      ) : null}
      <Table<T>
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={list.rows}
        // The first load: a skeleton of rows under the headers; later loads keep the rows shown.
        loading={!list.pending && list.loading}
        locale={list.pending ? { emptyText: <ListSkeleton /> } : undefined}
        pagination={pagination}
        onChange={onChange}
        showSorterTooltip={false}
        size="middle"
      />
    </Flex>
  )
}
