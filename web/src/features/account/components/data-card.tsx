import { Download, FileJson } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EXPORT_URL } from '../api/account-api'

/** "Download my data": the server answers a JSON attachment, which the browser saves. */
export function DataCard() {
  return (
    <Card id="data" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <FileJson className="size-5 text-muted-foreground" aria-hidden="true" /> Your data
        </CardTitle>
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
