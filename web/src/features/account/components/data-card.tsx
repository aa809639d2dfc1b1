import { Download, FileJson } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { EXPORT_URL } from '../api/account-api'

/** "Download my data": the server answers a JSON attachment, which the browser saves. */
export function DataCard() {
  return (
    <Card id="data" className="scroll-mt-24">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg leading-tight font-bold tracking-tight">
          <FileJson className="size-5 text-muted-foreground" aria-hidden="true" /> Your data
        </h2>
        <CardDescription>
          A JSON file of what Squares holds about you: your profile, email choice, signed-in devices, squares, payments,
          prizes and notifications.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <a href={EXPORT_URL} download>
            <Download aria-hidden="true" /> Download my data
          </a>
        </Button>
      </CardContent>
    </Card>
  )
}
