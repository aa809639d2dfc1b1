/**
 * The look of a select's trigger, apart from the select (select.tsx): a screen may draw the trigger before
 * Radix's select has loaded (the top bar's league selector, components/layout/navbar.tsx).
 */
export const selectTriggerClass = [
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-sm whitespace-nowrap shadow-xs outline-none',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
  'data-[placeholder]:text-muted-foreground aria-invalid:border-destructive *:data-[slot=select-value]:line-clamp-1',
].join(' ')
